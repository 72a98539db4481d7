package dev.sluice.runtime.cpu;

import dev.sluice.Raise;
import dev.sluice.runtime.protocol.Failures;

/**
 * Raises one user signal kind from a node: the signal is queued on the node's out-edges with the
 * credit of the items pushed before it, so it stays in order with the data.
 */
public final class RaiseChannel<T extends Record> implements Raise<T> {
  private final int stage;
  private final int signal;
  private InstanceRunner runner;

  public RaiseChannel(int stage, int signal) {
    this.stage = stage;
    this.signal = signal;
  }

  void bind(InstanceRunner r) {
    this.runner = r;
  }

  @Override
  public void raise(T payload) {
    if (payload == null) {
      throw new NullPointerException(Failures.raisedNull());
    }
    runner.raise(stage, signal, payload);
  }
}
