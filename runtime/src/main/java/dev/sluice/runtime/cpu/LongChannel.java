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
}
