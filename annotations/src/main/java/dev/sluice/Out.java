package dev.sluice;

/**
 * An output channel of record items (records whose components are int, long, float or double).
 *
 * @param <T> the record type of the channel's items
 */
public interface Out<T extends Record> {
  /**
   * Sends one item downstream; more than the channel's {@link Max} per input is an error.
   *
   * @param item the item; for a record channel, not null
   */
  void push(T item);
}
