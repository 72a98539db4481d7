package dev.sluice.runtime.cpu;

import dev.sluice.DoubleOut;
import dev.sluice.runtime.queue.DoubleQueue;

/** A channel of {@code double} items into one or more queues. */
public final class DoubleChannel extends Channel implements DoubleOut {
  private final DoubleQueue[] targets;

  public DoubleChannel(String name, int max, DoubleQueue... targets) {
    super(name, max);
    this.targets = targets;
  }

  @Override
  public void push(double item) {
    count();
    for (DoubleQueue q : targets) {
      q.add(item);
    }
  }

  /** Pushes {@code src[from .. from+n)}: the same as {@code n} calls of {@link #push}, copied in bulk. */
  public void pushAll(double[] src, int from, int n) {
    if (!countBulk(n)) {
      for (int i = 0; i < n; i++) {
        push(src[from + i]);
      }
      return;
    }
    for (DoubleQueue q : targets) {
      q.addAll(src, from, n);
    }
  }
}
