package dev.sluice.runtime.queue;

/** A push into a full fixed-size queue: the protocol's FULL rule was broken. */
public final class QueueOverflowException extends RuntimeException {
  public QueueOverflowException(int capacity) {
    super("queue of capacity " + capacity + " overflowed");
  }
}
