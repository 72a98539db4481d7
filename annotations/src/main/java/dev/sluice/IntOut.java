package dev.sluice;

/** An output channel of {@code int} items. */
public interface IntOut {
  /**
   * Sends one item downstream; more than the channel's {@link Max} per input is an error.
   *
   * @param item the item
   */
  void push(int item);
}
