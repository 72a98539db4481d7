package dev.sluice.runtime.queue;

import java.util.Arrays;

/** A queue of {@code float} items. */
public final class FloatQueue extends DataQueue {
  private float[] items;

  public FloatQueue(int capacity, boolean growable) {
    super(capacity, growable);
    items = new float[this.capacity];
  }

  public void add(float item) {
    if (count == capacity) {
      full();
    }
    items[slot(count)] = item;
    count++;
    pushed++;
  }

  public float get(int offset) {
    return items[slot(offset)];
  }

  /** The items, head first, as a new array. */
  public float[] toArray() {
    float[] out = new float[count];
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
