package dev.sluice;

/** Signal tags a {@link SignalHandler} can handle. */
public enum Signal {
  /** A parent begins; the handler takes the parent: {@code void begin(P parent, [channels])}. */
  BEGIN,
  /** A parent's last element has passed; {@code void end(P parent, [channels])}. */
  END,
  /**
   * A user-declared signal: a record annotated {@link SignalTag}, raised with {@link Raise}; the
   * handler's first parameter is that record.
   */
  USER
}
