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
    pushed++;
  }

  public int get(int offset) {
    return items[slot(offset)];
  }

  /** The items, head first, as a new array. */
  public int[] toArray() {
    int[] out = new int[count];
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
