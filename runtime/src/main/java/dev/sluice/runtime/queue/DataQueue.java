package dev.sluice.runtime.queue;

import java.util.ArrayList;
import java.util.List;

/**
 * The bookkeeping of a ring of items: head, count and capacity. Typed subclasses hold the items in a
 * primitive array or an array of records. The head, the count and a push counter are three
 * {@code int} words: a queue the scheduler runs is {@linkplain #bind bound} to its words in the
 * scheduler's state ({@code protocol.StateLayout}), so the scheduler and the queue share one copy; an
 * unbound queue (a sink buffer) keeps them in an array of its own. A queue made {@linkplain #growable() growable} is a sink buffer: it never wraps
 * and grows instead of overflowing. It doubles up to {@link #SEGMENT} items; past that a full array
 * is sealed as a segment and a new one begins, so a large sink is never copied to grow, only once
 * when its items are taken.
 */
public abstract class DataQueue {
  /** Items of a sink buffer's array past which it adds segments instead of doubling. */
  public static final int SEGMENT = 1 << 20;

  /** The words holding the head, the count and the push counter, at {@link #headAt}, {@link #countAt}, {@link #pushedAt}. */
  protected int[] words = new int[3];
  protected int headAt = 0;
  protected int countAt = 1;
  protected int pushedAt = 2;
  protected int capacity;
  private final boolean growable;
  /** Items that left the queue (released, or handed over by a sink): with the count it gives {@link #pushed()}. */
  private long left;
  /** A sink buffer's sealed arrays, oldest first, with the items each holds from index 0. */
  private final List<Object> segments = new ArrayList<>(0);
  private final List<Integer> segmentItems = new ArrayList<>(0);
  /** Items in {@link #segments}; {@link #count} is then the items of the current array alone. */
  private int sealed;

  protected DataQueue(int capacity, boolean growable) {
    this.capacity = Math.max(capacity, 1);
    this.growable = growable;
  }

  /**
   * Keeps the head, the count and the push counter in {@code state} at the given indices from now on
   * (the queue must be empty, and its words zero).
   */
  public final void bind(int[] state, int head, int count, int pushed) {
    if (growable || this.count() != 0) {
      throw new IllegalStateException("only an empty, fixed queue is bound to the scheduler's words");
    }
    words = state;
    headAt = head;
    countAt = count;
    pushedAt = pushed;
  }

  /** Items held: for a sink buffer, those of its sealed segments too. */
  public final int count() {
    return sealed + words[countAt];
  }

  public final int capacity() {
    return capacity;
  }

  public final int space() {
    return capacity - words[countAt];
  }

  /** Items ever pushed. */
  public final long pushed() {
    return left + sealed + words[countAt];
  }

  public final boolean growable() {
    return growable;
  }

  /** Array slot of the item {@code offset} places behind the head. */
  protected final int slot(int offset) {
    int i = words[headAt] + offset;
    return i >= capacity ? i - capacity : i;
  }

  /** Drops {@code n} items from the head (the scheduler does this in its own words for a bound queue). */
  public void release(int n) {
    int count = words[countAt];
    if (n > count) {
      throw new IllegalStateException("release of " + n + " items from a queue holding " + count);
    }
    words[headAt] = slot(n);
    words[countAt] = count - n;
    left += n;
  }

  /** Called when a push finds the queue full: grows a sink buffer, else reports an overflow. */
  protected final void full() {
    reserve(1);
  }

  /**
   * Makes room for {@code n} more items before a push: grows a sink buffer, else reports an
   * overflow, as the {@code n} single pushes would have. A sink buffer doubles while it holds at
   * most {@link #SEGMENT} items; past that its array is sealed and a new one of at least that size
   * begins. Its items must still fit in one Java array, where they end up.
   */
  protected final void reserve(int n) {
    int count = words[countAt];
    if (n <= capacity - count) {
      return;
    }
    if (!growable || (long) sealed + count + n > Integer.MAX_VALUE - 8) {
      throw new QueueOverflowException(capacity);
    }
    long needed = (long) count + n;
    if (needed <= SEGMENT) {
      int newCapacity = (int) Math.max(needed, Math.min(2L * capacity, SEGMENT));
      grow(newCapacity);
      capacity = newCapacity;
    } else {
      if (count > 0) {
        segments.add(array());
        segmentItems.add(count);
        sealed += count;
      }
      int newCapacity = Math.max(SEGMENT, n);
      replace(newCapacity);
      words[headAt] = 0;
      words[countAt] = 0;
      capacity = newCapacity;
    }
  }

  /** Records {@code n} items written behind the tail. */
  protected final void pushed(int n) {
    words[countAt] += n;
    words[pushedAt] += n;
  }

  /**
   * Empties a sink buffer whose items array was handed over, leaving it a fresh array of
   * {@code newCapacity}; {@link #pushed()} is kept.
   */
  protected final void emptied(int newCapacity) {
    left += sealed + words[countAt];
    sealed = 0;
    segments.clear();
    segmentItems.clear();
    words[headAt] = 0;
    words[countAt] = 0;
    capacity = newCapacity;
  }

  /** Length of the first contiguous piece of the {@code n} items from the tail on. */
  protected final int tailRun(int n) {
    int tail = slot(words[countAt]);
    return Math.min(n, capacity - tail);
  }

  /** Length of the first contiguous piece of the items from the head on. */
  protected final int headRun() {
    return Math.min(words[countAt], capacity - words[headAt]);
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
    int tail = slot(words[countAt]);
    int first = tailRun(n);
    System.arraycopy(src, from, array(), tail, first);
    if (first < n) {
      System.arraycopy(src, from + first, array(), 0, n - first);
    }
    pushed(n);
  }

  /** Whether the items array holds exactly the items, head first: a sink buffer that filled up. */
  protected final boolean holdsExactlyItsArray() {
    return sealed == 0 && words[headAt] == 0 && words[countAt] == capacity;
  }

  /** Copies the items, head first (a sink's sealed segments first), into {@code dst} from index {@code at}; returns how many. */
  protected final int copyOut(Object dst, int at) {
    for (int i = 0; i < segments.size(); i++) {
      System.arraycopy(segments.get(i), 0, dst, at, segmentItems.get(i));
      at += segmentItems.get(i);
    }
    int count = words[countAt];
    int first = headRun();
    System.arraycopy(array(), words[headAt], dst, at, first);
    if (first < count) {
      System.arraycopy(array(), 0, dst, at + first, count - first);
    }
    return sealed + count;
  }

  /** A sink buffer's sealed segments, oldest first, and the items each holds. */
  protected final List<Object> segments() {
    return segments;
  }

  protected final List<Integer> segmentItems() {
    return segmentItems;
  }

  /** The items array (after any growth). */
  protected abstract Object array();

  /** Reallocates the items array to {@code newCapacity}; the head is 0 for growable queues. */
  protected abstract void grow(int newCapacity);

  /** Starts a new, empty items array of {@code newCapacity} (the old one was sealed or was empty). */
  protected abstract void replace(int newCapacity);

  /** The item {@code offset} places behind the head, as text for error messages. */
  public abstract String describe(int offset);

  /** The item at array position {@code position} of the ring, as text for error messages. */
  public final String describeAt(int position) {
    int offset = position - words[headAt];
    return describe(offset < 0 ? offset + capacity : offset);
  }
}
