package dev.sluice.runtime.cpu;

import dev.sluice.Out;
import dev.sluice.runtime.protocol.Failures;
import dev.sluice.runtime.queue.ObjQueue;

/** A channel of record items into one or more queues. */
public final class ObjChannel<T extends Record> extends Channel implements Out<T> {
  private final ObjQueue<T>[] targets;

  @SafeVarargs
  public ObjChannel(String name, int max, ObjQueue<T>... targets) {
    super(name, max);
    this.targets = targets;
  }

  @Override
  public void push(T item) {
    if (item == null) {
      throw new NullPointerException(Failures.pushedNull(name()));
    }
    count();
    for (ObjQueue<T> q : targets) {
      q.add(item);
    }
  }
}
