package dev.sluice.runtime.queue;

import java.util.ArrayList;
import java.util.List;

/**
 * The bookkeeping of a ring of items: head, count, capacity, and how many items were ever pushed.
 * Typed subclasses hold the items in a primitive array or an array of records.
 *
 * <p>A queue the scheduler runs is {@linkplain #bind bound} to its head and count words in the
 * scheduler's state ({@code protocol.StateLayout}): those words are the queue's bookkeeping. The
 * fields here are a working copy for the length of one run of a node body, so that the item loops
 * read and write fields rather than the shared {@code int[]} (which the JIT must reread after every
 * store into any {@code int[]}): the CPU runner {@linkplain #load loads} them before the run and
 * {@linkplain #store stores} the count back after it, before the scheduler looks again, as the
 * kernel's lane 0 reserves a run's pushes after the run. An unbound queue (a sink buffer) keeps its
 * bookkeeping in its fields alone. A queue made {@linkplain #growable() growable} is a sink buffer: its
 * head stays 0 (nothing releases from it; the typed queues' {@code append} relies on this), it never
 * wraps, and it grows instead of overflowing. It doubles up to {@link #SEGMENT} items; past that a full array
 * is sealed as a segment and a new one begins, so a large sink is never copied to grow, only once
 * when its items are taken.
 */
public abstract class DataQueue {
  /**
   * Items of a sink buffer's array past which it adds segments instead of doubling. Four short of a
   * power of two, so that an array of them with its header (16 bytes on a 64-bit JVM) is a power of
   * two in bytes: a {@code long[]} segment is 8 MiB exactly and fills two of G1's 4 MiB regions, an
   * {@code int[]} or a compressed-reference {@code Object[]} one region. At {@code 1 << 20} items the
   * header made a {@code long[]} spill into a third region that stayed empty: a third of a large
   * sink's heap wasted.
   */
  public static final int SEGMENT = (1 << 20) - 4;

  /**
   * Items a CPU instance's sink buffer starts with before any run (the generated instances make
   * theirs with it; the direct executor's {@code SinkStarts} starts its hints there).
   */
  public static final int SINK_FIRST = 1024;

  protected int head;
  protected int count;
  protected int capacity;
  private final boolean growable;
  /**
   * Items that left the queue (released, or handed over by a sink): with {@link #count} it gives
   * {@link #pushed()}, so a push only counts {@code count}.
   */
  private long left;
  /** The scheduler's state a bound queue keeps its head and count in, and where; null if unbound. */
  private int[] words;
  private int headAt;
  private int countAt;
  /** A sink buffer's sealed arrays, oldest first, with the items each holds from index 0. */
  private final List<Object> segments = new ArrayList<>(0);
  private final List<Integer> segmentItems = new ArrayList<>(0);
  /** Items in {@link #segments}; {@link #count} is then the items of the current array alone. */
  private int sealed;

  protected DataQueue(int capacity, boolean growable) {
    this.capacity = Math.max(capacity, 1);
    this.growable = growable;
  }

  /** Items held: for a sink buffer, those of its sealed segments too. */
  public final int count() {
    return sealed + count;
  }

  public final int capacity() {
    return capacity;
  }

  public final int space() {
    return capacity - count;
  }

  /** Items ever pushed. */
  public final long pushed() {
    return left + sealed + count;
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

  /**
   * Keeps this queue's head and count in {@code state} at the given indices from now on (the queue
   * must be empty, and the words zero).
   */
  public final void bind(int[] state, int headAt, int countAt) {
    if (growable || count != 0) {
      throw new IllegalStateException("only an empty, fixed queue is bound to the scheduler's words");
    }
    words = state;
    this.headAt = headAt;
    this.countAt = countAt;
  }

  /** Takes the head and the count from the scheduler's words, before a run. */
  public final void load() {
    head = words[headAt];
    count = words[countAt];
  }

  /** Gives the count (the items pushed in the run) back to the scheduler's words, after a run. */
  public final void store() {
    words[countAt] = count;
  }

  /**
   * Gives an empty sink buffer room for {@code n} items (at most a {@linkplain #SEGMENT segment}) before
   * its first push: a size hint, which changes nothing but how often it grows.
   */
  public final void startAt(int n) {
    if (!growable || count() != 0) {
      throw new IllegalStateException("only an empty sink buffer is given a starting size");
    }
    int c = Math.max(1, Math.min(n, SEGMENT));
    if (c != capacity) {
      replace(c);
      capacity = c;
    }
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
    if (n <= capacity - count) {
      return;
    }
    if (!growable) {
      throw new QueueOverflowException(capacity);
    }
    if ((long) sealed + count + n > SinkLimit.MAX_ITEMS) {
      // the items would not fit the result's one array: the input's size, not a broken protocol
      throw new IllegalStateException(SinkLimit.tooMany("a sink", (long) sealed + count + n));
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
      head = 0;
      count = 0;
      capacity = newCapacity;
    }
  }

  /**
   * Where a sink buffer's next item goes in its current array (whose items start at index 0): behind
   * the items of this array, not those of sealed segments, which {@link #count()} includes.
   */
  public final int appendAt() {
    return count;
  }

  /** Counts {@code n} items written from {@link #appendAt()} into the array a typed queue's {@code room} returned. */
  public final void appended(int n) {
    count += n;
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
    left += sealed + count;
    sealed = 0;
    segments.clear();
    segmentItems.clear();
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

  /**
   * The items, head first, at the front of an array of {@code length} items (at least {@link #count()})
   * that the caller now owns and fills the rest of (the typed queues' {@code takeArray}): the items
   * array itself when it is that long, else a copy that {@link #grow} makes with {@code Arrays.copyOf},
   * which the JIT does not clear before it copies (so several instances' sinks are joined with one copy
   * of each and no clearing of the first); a sink with sealed segments is copied into a new array. The
   * queue is left empty.
   */
  protected final Object takeItems(int length) {
    if (length < count()) {
      throw new IllegalArgumentException("an array of " + length + " items cannot hold this queue's " + count());
    }
    Object out;
    if (sealed == 0 && head == 0) {
      if (java.lang.reflect.Array.getLength(array()) != length) {
        grow(length);
      }
      out = array();
    } else {
      out = java.lang.reflect.Array.newInstance(array().getClass().getComponentType(), length);
      copyOut(out, 0);
    }
    replace(1);
    emptied(1);
    return out;
  }

  /** Copies the items, head first (a sink's sealed segments first), into {@code dst} from index {@code at}; returns how many. */
  protected final int copyOut(Object dst, int at) {
    for (int i = 0; i < segments.size(); i++) {
      System.arraycopy(segments.get(i), 0, dst, at, segmentItems.get(i));
      at += segmentItems.get(i);
    }
    int first = headRun();
    System.arraycopy(array(), head, dst, at, first);
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

  /** The item {@code offset} places behind the head, boxed, for error messages. */
  public abstract Object item(int offset);

  /** The item at array position {@code position} of the ring (a bound queue's head read afresh), boxed. */
  public final Object itemAt(int position) {
    if (words != null) {
      load();
    }
    int offset = position - head;
    return item(offset < 0 ? offset + capacity : offset);
  }
}
