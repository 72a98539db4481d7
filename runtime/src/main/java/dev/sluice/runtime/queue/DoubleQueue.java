package dev.sluice.runtime.queue;

import java.util.Arrays;

/** A queue of {@code double} items. */
public final class DoubleQueue extends DataQueue {
  private double[] items;

  public DoubleQueue(int capacity, boolean growable) {
    super(capacity, growable);
    items = new double[this.capacity];
  }

  public void add(double item) {
    if (count == capacity) {
      full();
    }
    items[slot(count)] = item;
    count++;
  }

  /** {@link #add} for a sink buffer ({@linkplain #growable() growable}), whose items start at index 0. */
  public void append(double item) {
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
  public double[] room(int n) {
    reserve(n);
    return items;
  }

  /**
   * Pushes {@code src[from .. from+n)} in order: the same as {@code n} calls of {@link #add}, with at
   * most two array copies.
   */
  public void addAll(double[] src, int from, int n) {
    addBulk(src, from, n);
  }

  public double get(int offset) {
    return items[slot(offset)];
  }

  /** Copies the items, head first, into {@code dst} from index {@code at}; returns how many. */
  public int copyTo(double[] dst, int at) {
    return copyOut(dst, at);
  }

  /** The items, head first, as a new array. */
  public double[] toArray() {
    double[] out = new double[count()];
    copyTo(out, 0);
    return out;
  }

  /**
   * The items, head first, as an array the caller now owns: the items array itself when it holds
   * exactly the items (a sink buffer that filled up), else a trimmed copy. The queue is left empty.
   */
  public double[] takeArray() {
    return takeArray(count());
  }

  /** {@link #takeItems}: the items, head first, at the front of an array of {@code length} items. */
  public double[] takeArray(int length) {
    return (double[]) takeItems(length);
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
    items = new double[newCapacity];
  }

  @Override
  public Object item(int offset) {
    return get(offset);
  }
}
