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
}
