package dev.sluice.runtime.cpu;

import dev.sluice.FloatOut;
import dev.sluice.runtime.queue.FloatQueue;

/** A channel of {@code float} items into one or more queues. */
public final class FloatChannel extends Channel implements FloatOut {
  private final FloatQueue[] targets;

  public FloatChannel(String name, int max, FloatQueue... targets) {
    super(name, max);
    this.targets = targets;
  }

  @Override
  public void push(float item) {
    count();
    for (FloatQueue q : targets) {
      q.add(item);
    }
  }

  /** Pushes {@code src[from .. from+n)}: the same as {@code n} calls of {@link #push}, copied in bulk. */
  public void pushAll(float[] src, int from, int n) {
    if (!countBulk(n)) {
      for (int i = 0; i < n; i++) {
        push(src[from + i]);
      }
      return;
    }
    for (FloatQueue q : targets) {
      q.addAll(src, from, n);
    }
  }
}
