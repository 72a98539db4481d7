package dev.sluice;

/**
 * Raises a user signal ({@link SignalTag}) downstream, in order with the items pushed so far. A node
 * may raise at most {@code MAX_SIGNALS_PER_VEC} (2) signals while processing one item.
 *
 * @param <T> the {@link SignalTag} record type of the signals
 */
public interface Raise<T extends Record> {
  /**
   * Sends {@code signal} downstream, after the items this node pushed before it.
   *
   * @param signal the tag record; not null
   */
  void raise(T signal);
}
