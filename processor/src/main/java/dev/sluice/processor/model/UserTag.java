package dev.sluice.processor.model;

/**
 * A user signal tag used in a pipeline, with its dispatch code: 0 is BEGIN, 1 is END, user tags are
 * numbered from {@link #FIRST_INDEX} in order of first use.
 */
public record UserTag(int index, ItemType type) {
  public static final int BEGIN = 0;
  public static final int END = 1;
  public static final int FIRST_INDEX = 2;
}
