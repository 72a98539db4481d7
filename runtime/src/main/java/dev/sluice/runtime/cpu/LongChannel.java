package dev.sluice.runtime.cpu;

import dev.sluice.LongOut;
import dev.sluice.runtime.queue.LongQueue;

/** A channel of {@code long} items into one or more queues. */
public final class LongChannel extends Channel implements LongOut {
  private final LongQueue[] targets;

  public LongChannel(String name, int max, LongQueue... targets) {
    super(name, max);
    this.targets = targets;
  }

  @Override
  public void push(long item) {
    count();
    for (LongQueue q : targets) {
      q.add(item);
    }
  }

  /** Pushes {@code src[from .. from+n)}: the same as {@code n} calls of {@link #push}, copied in bulk. */
  public void pushAll(long[] src, int from, int n) {
    if (!countBulk(n)) {
      for (int i = 0; i < n; i++) {
        push(src[from + i]);
      }
      return;
    }
    for (LongQueue q : targets) {
      q.addAll(src, from, n);
    }
  }

  /** Pushes {@code start, start + 1, ..., start + n - 1}: the same as {@code n} calls of {@link #push}. */
  public void pushRange(long start, int n) {
    if (!countBulk(n)) {
      for (int i = 0; i < n; i++) {
        push(start + i);
      }
      return;
    }
    for (LongQueue q : targets) {
      q.addRange(start, n);
    }
  }
}
