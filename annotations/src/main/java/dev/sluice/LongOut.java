package dev.sluice;

/** An output channel of {@code long} items. */
public interface LongOut {
  /**
   * Sends one item downstream; more than the channel's {@link Max} per input is an error.
   *
   * @param item the item
   */
  void push(long item);
}
