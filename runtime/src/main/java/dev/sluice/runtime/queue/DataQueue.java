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
  /**
   * Items that left the queue (released, or handed over by a sink): with {@link #count} it gives
   * {@link #pushed()}, so a push only counts {@code count}.
   */
  private long left;
  /** {@link #pushed()} when the last signal was queued behind these items. */
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

  /** Items ever pushed. */
  public final long pushed() {
    return left + count;
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
    left += n;
  }

  /** Items pushed since the previous call: the credit of a signal queued behind a pending one. */
  public final int takeCredit() {
    long pushed = pushed();
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

  /**
   * Makes room for {@code n} more items before a bulk push: grows a sink buffer (at least doubling,
   * as {@link #full()} does), else reports an overflow, as the {@code n} single pushes would have.
   */
  protected final void reserve(int n) {
    if (n <= capacity - count) {
      return;
    }
    if (!growable) {
      throw new QueueOverflowException(capacity);
    }
    long needed = (long) count + n;
    long doubled = capacity >= (1 << 29) ? Integer.MAX_VALUE - 8 : (long) capacity * 2;
    long newCapacity = Math.max(needed, doubled);
    if (newCapacity > Integer.MAX_VALUE - 8) {
      throw new QueueOverflowException(capacity);
    }
    grow((int) newCapacity);
    capacity = (int) newCapacity;
  }

  /** Records {@code n} items written behind the tail by a bulk push. */
  protected final void pushedBulk(int n) {
    count += n;
  }

  /**
   * Empties a sink buffer whose items array was handed over, leaving it a fresh array of
   * {@code newCapacity}; {@link #pushed()} is kept.
   */
  protected final void emptied(int newCapacity) {
    left += count;
    head = 0;
    count = 0;
    capacity = newCapacity;
  }

  /** Length of the first contiguous piece of the {@code n} items from the tail on. */
  protected final int tailRun(int n) {
    int tail = slot(count);
    return Math.min(n, capacity - tail);
  }

  /** Length of the first contiguous piece of the items from the head on. */
  protected final int headRun() {
    return Math.min(count, capacity - head);
  }

  /**
   * Pushes {@code src[from .. from+n)} (an array of the queue's item type) in order: the same as
   * {@code n} single adds, with at most two array copies across the ring's wrap.
   */
  protected final void addBulk(Object src, int from, int n) {
    if (n <= 0) {
      return;
    }
    reserve(n);
    int tail = slot(count);
    int first = tailRun(n);
    System.arraycopy(src, from, array(), tail, first);
    if (first < n) {
      System.arraycopy(src, from + first, array(), 0, n - first);
    }
    pushedBulk(n);
  }

  /** Copies the items, head first, into {@code dst} from index {@code at}; returns how many. */
  protected final int copyOut(Object dst, int at) {
    int first = headRun();
    System.arraycopy(array(), head, dst, at, first);
    if (first < count) {
      System.arraycopy(array(), 0, dst, at + first, count - first);
    }
    return count;
  }

  /** The items array (after any growth). */
  protected abstract Object array();

  /** Reallocates the items array to {@code newCapacity}; the head is 0 for growable queues. */
  protected abstract void grow(int newCapacity);

  /** The item {@code offset} places behind the head, as text for error messages. */
  public abstract String describe(int offset);
}
