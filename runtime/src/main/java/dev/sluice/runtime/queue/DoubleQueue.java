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
    pushed++;
  }

  public double get(int offset) {
    return items[slot(offset)];
  }

  /** The items, head first, as a new array. */
  public double[] toArray() {
    double[] out = new double[count];
    for (int i = 0; i < count; i++) {
      out[i] = get(i);
    }
    return out;
  }

  @Override
  protected void grow(int newCapacity) {
    items = Arrays.copyOf(items, newCapacity);
  }

  @Override
  public String describe(int offset) {
    return String.valueOf(get(offset));
  }
}
