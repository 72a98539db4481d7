package dev.sluice.runtime.cpu;

import dev.sluice.runtime.input.InputCursor;
import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.protocol.StateLayout;
import dev.sluice.runtime.queue.DataQueue;
import java.util.ArrayList;
import java.util.List;

/**
 * One pipeline instance on the CPU: its node objects, typed queues and channels (created by the
 * generated subclass) and its {@link InstanceRunner}. Each instance runs on one thread.
 */
public abstract class CpuInstance implements StageBodies {
  private InstanceRunner runner;
  private final List<List<Channel>> channels = new ArrayList<>();
  private DataQueue[] sinks = new DataQueue[0];

  /** Creates the runner over the queues the subclass made; call last in the constructor. */
  protected final void start(PipelinePlan plan, DataQueue[] inputs, DataQueue[] sinkBuffers,
      InputCursor cursor, RunControl control, RaiseChannel<?>... raises) {
    runner = new InstanceRunner(plan, this, inputs, cursor, control);
    for (RaiseChannel<?> r : raises) {
      r.bind(runner);
    }
    sinks = sinkBuffers;
    stageChannels(plan.stageCount() - 1);
  }

  /** Counts a channel's pushes toward its stage's items out in the report. */
  protected final <C extends Channel> C channel(int stage, C channel) {
    stageChannels(stage).add(channel);
    return channel;
  }

  private List<Channel> stageChannels(int stage) {
    while (channels.size() <= stage) {
      channels.add(new ArrayList<>());
    }
    return channels.get(stage);
  }

  public final InstanceRunner runner() {
    return runner;
  }

  /** This instance's scheduler counters ({@link StateLayout#STATS} per stage). */
  long[] counters() {
    return runner.stats;
  }

  long itemsOut(int stage) {
    long n = 0;
    for (Channel c : stageChannels(stage)) {
      n += c.total();
    }
    return n;
  }

  long sinkItems(int sink) {
    return sinks[sink].count();
  }

  @Override
  public void produce(Object data, long base, int from, int count) {
    throw new IllegalStateException("no source");
  }

  @Override
  public int process(int stage, int offset, int limit) {
    throw new IllegalStateException("stage " + stage + " is not a transform");
  }

  @Override
  public int open(int stage, int offset, int slot) {
    throw new IllegalStateException("stage " + stage + " is not an enumerator");
  }

  @Override
  public void handle(int stage, int handler, int slot, Object payload) {
    throw new IllegalStateException("stage " + stage + " has no handlers");
  }

  @Override
  public IntChannel elements(int stage) {
    throw new IllegalStateException("stage " + stage + " is not an enumerator");
  }
}
