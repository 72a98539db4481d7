package dev.sluice.runtime.cpu;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.ProgressListener;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.cpu.direct.DirectChannel;
import dev.sluice.runtime.cpu.direct.DirectDriver;
import dev.sluice.runtime.cpu.direct.DirectInstance;
import dev.sluice.runtime.cpu.direct.SinkStarts;
import dev.sluice.runtime.input.InputCursor;
import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.queue.DataQueue;
import dev.sluice.runtime.queue.IntQueue;
import java.util.function.IntConsumer;

/**
 * {@code in (int source) -> node -> out (sink)}, written by hand the way the processor writes a
 * pipeline, for both CPU executors: {@code node} calls a hook with each item (which may throw
 * anything, or interrupt the thread) and pushes the item on. Generated loops catch unchecked
 * exceptions around each node call and name the item, as these do.
 */
final class OneNodePipeline {
  static final int WIDTH = 8;
  static final PipelinePlan PLAN = PipelinePlan.builder("OneNode", WIDTH, 4)
      .source("in", 2)
      .transform("node", 0, 1, 4 * WIDTH, WIDTH)
      .sink("out")
      .edge("in", "in", "node", WIDTH)
      .edge("node", "out", "out", WIDTH)
      .channel("node", "out", 1, false)
      .build();

  private final IntConsumer hook;

  OneNodePipeline(IntConsumer hook) {
    this.hook = hook;
  }

  /** Runs on the direct or the scheduled executor; returns the sink's items. */
  int[] run(boolean scheduled, int instances, int chunk, ProgressListener progress, InputCursor input) {
    Device device = scheduled ? Device.cpuScheduled() : Device.cpu();
    RunOptions options = new RunOptions(device, instances, chunk, 1_000_000, progress);
    IntQueue all = new IntQueue(16, true);
    if (scheduled) {
      for (Scheduled i : CpuDriver.run(PLAN, options, input, Scheduled::new).instances()) {
        all.addAll(i.out.toArray(), 0, i.out.count());
      }
    } else {
      for (Direct i : DirectDriver.run(PLAN, options, input, new SinkStarts(1), Direct::new).instances()) {
        all.addAll(i.out.toArray(), 0, i.out.count());
      }
    }
    return all.toArray();
  }

  final class Scheduled extends CpuInstance {
    final IntQueue in = new IntQueue(PLAN.queueCapacity(1), false);
    final IntQueue out = new IntQueue(16, true);
    final IntChannel inIn = channel(0, new IntChannel("in", Integer.MAX_VALUE, in));
    final IntChannel nodeOut = channel(1, new IntChannel("out", 1, out));

    Scheduled(InputCursor cursor, RunControl control) {
      start(PLAN, new DataQueue[] {null, in}, new DataQueue[] {out}, cursor, control);
    }

    @Override
    public void produce(Object data, long base, int from, int count) {
      if (data == null) {
        inIn.pushRange((int) (base + from), count);
      } else {
        inIn.pushAll((int[]) data, from, count);
      }
    }

    @Override
    public int process(int stage, int offset, int limit) {
      int i = 0;
      try {
        for (; i < limit; i++) {
          int item = in.get(offset + i);
          nodeOut.beginItem();
          hook.accept(item);
          nodeOut.push(item);
        }
      } catch (Throwable e) {
        throw runner().failure(1, String.valueOf(in.item(offset + i)), e);
      }
      return limit;
    }
  }

  final class Direct extends DirectInstance {
    final IntQueue out = new IntQueue(16, true);
    private final DirectChannel inIn = channel(0, new DirectChannel("in") {});
    private final DirectChannel nodeOut = channel(1, new DirectChannel("out") {});

    Direct(InputCursor cursor, RunControl control) {
      super(PLAN, cursor, control);
      sinks(out);
    }

    @Override
    protected void produce(Object data, long base, int from, int count) {
      int[] a = (int[]) data;
      inIn.counted(count);
      for (int i = 0; i < count; i++) {
        int item = a == null ? (int) (base + from + i) : a[from + i];
        try {
          hook.accept(item);
        } catch (Throwable e) {
          throw failure(1, String.valueOf(item), e);
        }
        out.add(item);
        nodeOut.counted(1);
      }
    }

    @Override
    protected long itemsIn(int stage) {
      return stage == 1 ? inIn.total() : 0;
    }

    @Override
    protected long signals(int stage) {
      return 0;
    }
  }
}
