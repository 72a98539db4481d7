package dev.sluice.runtime.cpu;

import dev.sluice.IntOut;
import dev.sluice.runtime.queue.IntQueue;

/** A channel of {@code int} items into one or more queues. */
public final class IntChannel extends Channel implements IntOut {
  private final IntQueue[] targets;

  public IntChannel(String name, int max, IntQueue... targets) {
    super(name, max);
    this.targets = targets;
  }

  @Override
  public void push(int item) {
    count();
    for (IntQueue q : targets) {
      q.add(item);
    }
  }

  /** Pushes {@code src[from .. from+n)}: the same as {@code n} calls of {@link #push}, copied in bulk. */
  public void pushAll(int[] src, int from, int n) {
    if (!countBulk(n)) {
      for (int i = 0; i < n; i++) {
        push(src[from + i]);
      }
      return;
    }
    for (IntQueue q : targets) {
      q.addAll(src, from, n);
    }
  }

  /** Pushes {@code start, start + 1, ..., start + n - 1}: the same as {@code n} calls of {@link #push}. */
  public void pushRange(int start, int n) {
    if (!countBulk(n)) {
      for (int i = 0; i < n; i++) {
        push(start + i);
      }
      return;
    }
    for (IntQueue q : targets) {
      q.addRange(start, n);
    }
  }
}
