package dev.sluice;

/** An output channel of {@code double} items. */
public interface DoubleOut {
  /**
   * Sends one item downstream; more than the channel's {@link Max} per input is an error.
   *
   * @param item the item
   */
  void push(double item);
}
