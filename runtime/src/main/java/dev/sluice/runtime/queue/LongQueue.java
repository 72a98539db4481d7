package dev.sluice.runtime.queue;

import java.util.Arrays;

/** A queue of {@code long} items. */
public final class LongQueue extends DataQueue {
  private long[] items;

  public LongQueue(int capacity, boolean growable) {
    super(capacity, growable);
    items = new long[this.capacity];
  }

  public void add(long item) {
    if (count == capacity) {
      full();
    }
    items[slot(count)] = item;
    count++;
    pushed++;
  }

  public long get(int offset) {
    return items[slot(offset)];
  }

  /** The items, head first, as a new array. */
  public long[] toArray() {
    long[] out = new long[count];
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
