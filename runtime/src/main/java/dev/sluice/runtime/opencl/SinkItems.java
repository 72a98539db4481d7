package dev.sluice.runtime.opencl;

import dev.sluice.runtime.queue.SinkLimit;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

/**
 * What one sink of primitive items gathered over the slices of an OpenCL run: each completed slice's
 * items are copied out of the sink buffer at their exact size, and the run's array is joined once, at
 * the end (a run of one slice hands over that slice's copy as it is).
 *
 * <p>Growing one array instead (doubling it, then copying it to the exact size for the result) wrote
 * and zeroed the output about twice over again: on the H200, {@code synthgain-4} at 64x spent 1540 ms of
 * its 1854 ms reading 268M items back and appending them. Here each item is copied twice in all (out
 * of the sink buffer, into the joined array), and no array is made larger than it has to be.
 *
 * @param <A> the array type of the items, {@code long[]} for a sink of {@code long}
 */
public final class SinkItems<A> {
  private final String sink;
  private final List<A> slices = new ArrayList<>();
  private long count;

  /** Items of the sink named {@code sink} (its name is in the message when they do not fit one array). */
  public SinkItems(String sink) {
    this.sink = sink;
  }

  /** Keeps a copy of the first {@code n} items of {@code buffer}, a completed slice's sink buffer. */
  public void add(A buffer, int n) {
    if (n == 0) {
      return;
    }
    SinkLimit.check(sink, count + n);
    @SuppressWarnings("unchecked")
    A copy = (A) Array.newInstance(buffer.getClass().getComponentType(), n);
    System.arraycopy(buffer, 0, copy, 0, n);
    slices.add(copy);
    count += n;
  }

  /** The items gathered, in slice order, in one array; {@code empty} when there are none. */
  public A join(A empty) {
    if (slices.isEmpty()) {
      return empty;
    }
    if (slices.size() == 1) {
      return slices.get(0);
    }
    @SuppressWarnings("unchecked")
    A all = (A) Array.newInstance(empty.getClass().getComponentType(), (int) count);
    int at = 0;
    for (A s : slices) {
      int n = Array.getLength(s);
      System.arraycopy(s, 0, all, at, n);
      at += n;
    }
    return all;
  }

  /** Items gathered so far. */
  public long count() {
    return count;
  }
}
