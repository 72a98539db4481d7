package dev.sluice.runtime.cpu;

import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.input.InputCursor;
import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.protocol.StateLayout;
import dev.sluice.runtime.queue.DataQueue;
import dev.sluice.runtime.queue.IntQueue;
import dev.sluice.runtime.queue.LongQueue;
import java.util.ArrayList;
import java.util.List;

/**
 * A pipeline written by hand the way the processor writes one, to test the scheduler on its own:
 *
 * <pre>
 * nums (source, int) -> expand (enumerates p % 9 elements of parent p; region 1)
 *   -> keep (pushes p*100+i when (i+p) is even) -> kept (sink)
 *                                               -> count (counts per parent; END pushes p*1000+n)
 *                                                   -> perParent (sink, aggregate edge)
 * </pre>
 */
public final class ExpandPipeline {
  final PipelinePlan plan;
  final int parentBuffer;
  /** When >= 0, keep pushes twice for this element value (a push beyond its @Max(1)). */
  int pushTwiceAt = -1;
  /** When >= 0, count(parent) returns this many elements for parent value 77. */
  int bigCount = -1;

  ExpandPipeline(int width, int queueScale, int signalCapacity, int parentBuffer) {
    this.parentBuffer = parentBuffer;
    plan = plan(width, queueScale, signalCapacity, parentBuffer);
  }

  /** The plan of this pipeline, as the processor would compute it for these settings. */
  public static PipelinePlan plan(int width, int queueScale, int signalCapacity, int parentBuffer) {
    int q0 = Math.max(width * queueScale, width + 1);
    int q1 = Math.max(width * queueScale, width + width);
    return PipelinePlan.builder("Expand", width, signalCapacity)
        .source("nums", 4)
        .enumerate("expand", 0, 3, q0, width, 1)
        .transform("keep", 1, 2, q1, width)
        .transform("count", 1, 1, q1, width)
        .sink("kept")
        .sink("perParent")
        .edge("nums", "nums", "expand", width)
        .edge("expand", "elements", "keep", width)
        .edge("keep", "out", "count", width)
        .edge("keep", "out", "kept", width)
        .edge("count", "out", "perParent", 1)
        .region(1, "expand", parentBuffer, 1, 1000)
        .signal("BEGIN(1)")
        .signal("END(1)")
        .originate("expand", "BEGIN(1)", "keep")
        .originate("expand", "END(1)", "keep")
        .dispatch("keep", "BEGIN(1)", -1, false, "count")
        .dispatch("keep", "END(1)", -1, false, "count")
        .dispatch("count", "END(1)", 0, true)
        .build();
  }

  final class Instance extends CpuInstance {
    final IntQueue in1 = new IntQueue(plan.queueCapacity(1), false);
    final IntQueue in2 = new IntQueue(plan.queueCapacity(2), false);
    final IntQueue in3 = new IntQueue(plan.queueCapacity(3), false);
    final IntQueue kept = new IntQueue(16, true);
    final LongQueue perParent = new LongQueue(16, true);
    final IntChannel nums = channel(0, new IntChannel("nums", Integer.MAX_VALUE, in1));
    final IntChannel elements = channel(1, new IntChannel("elements", Integer.MAX_VALUE, in2));
    final IntChannel keepOut = channel(2, new IntChannel("out", 1, in3, kept));
    final LongChannel countOut = channel(3, new LongChannel("out", 1, perParent));
    final int[] parents1 = new int[parentBuffer];
    int countN;

    Instance(InputCursor cursor, RunControl control) {
      start(plan, new DataQueue[] {null, in1, in2, in3},
          new DataQueue[] {kept, perParent}, cursor, control);
    }

    @Override
    public void produce(Object data, long base, int from, int count) {
      int[] a = (int[]) data;
      for (int i = 0; i < count; i++) {
        nums.push(a[from + i]);
      }
    }

    @Override
    public int open(int stage, int offset, int slot) {
      int p = in1.get(offset);
      parents1[slot] = p;
      return p == 77 && bigCount >= 0 ? bigCount : p % 9;
    }

    @Override
    public IntChannel elements(int stage) {
      return elements;
    }

    @Override
    public int process(int stage, int offset, int limit) {
      int i = 0;
      try {
        if (stage == 2) {
          int p = parents1[runner().parentSlot(2)];
          for (; i < limit; i++) {
            int e = in2.get(offset + i);
            keepOut.beginItem();
            if ((e + p) % 2 == 0) {
              keepOut.push(p * 100 + e);
              if (p * 100 + e == pushTwiceAt) {
                keepOut.push(p * 100 + e);
              }
            }
          }
        } else {
          for (; i < limit; i++) {
            in3.get(offset + i);
            countN += 1;
          }
        }
      } catch (Throwable e) {
        throw runner().failure(stage, String.valueOf((stage == 2 ? in2 : in3).item(offset + i)), e);
      }
      return limit;
    }

    @Override
    public void handle(int stage, int handler, int slot, Object payload) {
      countOut.beginItem();
      countOut.push(parents1[slot] * 1000L + countN);
      countN = 0;
    }
  }

  record Result(List<Integer> kept, List<Long> perParent, dev.sluice.runtime.RunReport report,
      List<Instance> instances) {
    long creditStores(int stage) {
      return instances.stream().mapToLong(i -> i.counters()[stage * StateLayout.STATS + StateLayout.C_CREDIT_STORES]).sum();
    }
  }

  Result run(int[] input, RunOptions options) {
    var outcome = CpuDriver.run(plan, options, InputCursor.of(input, input.length, options.claimSize()),
        Instance::new);
    List<Integer> kept = new ArrayList<>();
    List<Long> per = new ArrayList<>();
    for (Instance i : outcome.instances()) {
      for (int v : i.kept.toArray()) {
        kept.add(v);
      }
      for (long v : i.perParent.toArray()) {
        per.add(v);
      }
    }
    return new Result(kept, per, outcome.report(), outcome.instances());
  }
}
