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
}
