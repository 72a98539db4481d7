package dev.sluice.runtime.queue;

import java.util.Arrays;

/** A queue of {@code int} items. */
public final class IntQueue extends DataQueue {
  private int[] items;

  public IntQueue(int capacity, boolean growable) {
    super(capacity, growable);
    items = new int[this.capacity];
  }

  public void add(int item) {
    if (count == capacity) {
      full();
    }
    items[slot(count)] = item;
    count++;
  }

  /** {@link #add} for a sink buffer ({@linkplain #growable() growable}), whose items start at index 0. */
  public void append(int item) {
    if (count == capacity) {
      full();
    }
    items[count++] = item;
  }

  /**
   * Makes room for {@code n} more items at the end of a sink buffer and returns its items array: the
   * caller writes at most {@code n} items into it from index {@link #appendAt()} on, then counts them
   * with {@link #appended}. What a direct executor's node pushes straight into its sink uses.
   */
  public int[] room(int n) {
    reserve(n);
    return items;
  }

  /**
   * Pushes {@code src[from .. from+n)} in order: the same as {@code n} calls of {@link #add}, with at
   * most two array copies.
   */
  public void addAll(int[] src, int from, int n) {
    addBulk(src, from, n);
  }

  /** Pushes {@code start, start + 1, ..., start + n - 1}: the same as {@code n} calls of {@link #add}. */
  public void addRange(int start, int n) {
    if (n <= 0) {
      return;
    }
    reserve(n);
    int tail = slot(count);
    int first = tailRun(n);
    for (int i = 0; i < first; i++) {
      items[tail + i] = start + i;
    }
    for (int i = first; i < n; i++) {
      items[i - first] = start + i;
    }
    pushedBulk(n);
  }

  public int get(int offset) {
    return items[slot(offset)];
  }

  /** Copies the items, head first, into {@code dst} from index {@code at}; returns how many. */
  public int copyTo(int[] dst, int at) {
    return copyOut(dst, at);
  }

  /** The items, head first, as a new array. */
  public int[] toArray() {
    int[] out = new int[count()];
    copyTo(out, 0);
    return out;
  }

  /**
   * The items, head first, as an array the caller now owns: the items array itself when it holds
   * exactly the items (a sink buffer that filled up), else a trimmed copy. The queue is left empty.
   */
  public int[] takeArray() {
    return takeArray(count());
  }

  /** {@link #takeItems}: the items, head first, at the front of an array of {@code length} items. */
  public int[] takeArray(int length) {
    return (int[]) takeItems(length);
  }

  @Override
  protected Object array() {
    return items;
  }

  @Override
  protected void grow(int newCapacity) {
    items = Arrays.copyOf(items, newCapacity);
  }

  @Override
  protected void replace(int newCapacity) {
    items = new int[newCapacity];
  }

  @Override
  public Object item(int offset) {
    return get(offset);
  }
}
