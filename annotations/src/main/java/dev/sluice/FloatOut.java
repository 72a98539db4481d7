package dev.sluice;

/** An output channel of {@code float} items. */
public interface FloatOut {
  /**
   * Sends one item downstream; more than the channel's {@link Max} per input is an error.
   *
   * @param item the item
   */
  void push(float item);
}
