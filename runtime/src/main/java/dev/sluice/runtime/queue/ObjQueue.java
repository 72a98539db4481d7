package dev.sluice.runtime.queue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/** A queue of record items. */
public final class ObjQueue<T> extends DataQueue {
  private Object[] items;

  public ObjQueue(int capacity, boolean growable) {
    super(capacity, growable);
    items = new Object[this.capacity];
  }

  public void add(T item) {
    if (count == capacity) {
      full();
    }
    items[slot(count)] = item;
    count++;
  }

  /** {@link #add} for a sink buffer ({@linkplain #growable() growable}), whose items start at index 0. */
  public void append(T item) {
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
  public Object[] room(int n) {
    reserve(n);
    return items;
  }

  @SuppressWarnings("unchecked")
  public T get(int offset) {
    return (T) items[slot(offset)];
  }

  @Override
  public void release(int n) {
    for (int i = 0; i < n && i < count; i++) {
      items[slot(i)] = null;
    }
    super.release(n);
  }

  /** The items, head first, as a new list. */
  public List<T> toList() {
    List<T> out = new ArrayList<>(count());
    addTo(out);
    return out;
  }

  /** Appends the items, head first (a sink's sealed segments first), to {@code out}. */
  @SuppressWarnings("unchecked")
  public void addTo(Collection<? super T> out) {
    for (int s = 0; s < segments().size(); s++) {
      out.addAll((List<T>) Arrays.asList((Object[]) segments().get(s)).subList(0, segmentItems().get(s)));
    }
    int first = headRun();
    for (int i = 0; i < first; i++) {
      out.add((T) items[head + i]);
    }
    for (int i = first; i < count; i++) {
      out.add((T) items[i - first]);
    }
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
    items = new Object[newCapacity];
  }

  @Override
  public Object item(int offset) {
    return get(offset);
  }
}
