package dev.sluice.runtime.queue;

/**
 * The bookkeeping of a ring of items: head, count, capacity, and how many items were ever pushed (for
 * signal credit and conservation checks). Typed subclasses hold the items in a primitive array or an
 * array of records. A queue made {@linkplain #growable() growable} is a sink buffer: it never wraps
 * and grows instead of overflowing.
 */
public abstract class DataQueue {
  protected int head;
  protected int count;
  protected int capacity;
  private final boolean growable;
  /** Items ever pushed. */
  protected long pushed;
  /** {@link #pushed} when the last signal was queued behind these items. */
  private long pushedAtSignal;

  protected DataQueue(int capacity, boolean growable) {
    this.capacity = Math.max(capacity, 1);
    this.growable = growable;
  }

  public final int count() {
    return count;
  }

  public final int capacity() {
    return capacity;
  }

  public final int space() {
    return capacity - count;
  }

  public final long pushed() {
    return pushed;
  }

  public final boolean growable() {
    return growable;
  }

  /** Array slot of the item {@code offset} places behind the head. */
  protected final int slot(int offset) {
    int i = head + offset;
    return i >= capacity ? i - capacity : i;
  }

  /** Drops {@code n} items from the head. */
  public void release(int n) {
    if (n > count) {
      throw new IllegalStateException("release of " + n + " items from a queue holding " + count);
    }
    head = slot(n);
    count -= n;
  }

  /** Items pushed since the previous call: the credit of a signal queued behind a pending one. */
  public final int takeCredit() {
    int credit = (int) (pushed - pushedAtSignal);
    pushedAtSignal = pushed;
    return credit;
  }

  /** Called when a push finds the queue full: grows a sink buffer, else reports an overflow. */
  protected final void full() {
    if (!growable) {
      throw new QueueOverflowException(capacity);
    }
    int newCapacity = capacity >= (1 << 29) ? Integer.MAX_VALUE - 8 : capacity * 2;
    if (newCapacity <= capacity) {
      throw new QueueOverflowException(capacity);
    }
    grow(newCapacity);
    capacity = newCapacity;
  }

  /** Reallocates the items array to {@code newCapacity}; the head is 0 for growable queues. */
  protected abstract void grow(int newCapacity);

  /** The item {@code offset} places behind the head, as text for error messages. */
  public abstract String describe(int offset);
}
