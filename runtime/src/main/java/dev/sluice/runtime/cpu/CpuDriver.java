package dev.sluice.runtime.cpu;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.DivisionProbe;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.RunReport;
import dev.sluice.runtime.input.InputCursor;
import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.protocol.Failures;
import dev.sluice.runtime.protocol.StateLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The CPU driver of the scheduled executor: runs a pipeline as several independent instances, one
 * per thread ({@link InstanceThreads}), each a {@link dev.sluice.runtime.protocol.Scheduler} claiming input chunks from the shared
 * cursor, and sums their counters into the report.
 */
public final class CpuDriver {
  private CpuDriver() {}

  /** The instances after the run, and the run's report. */
  public record Outcome<I extends CpuInstance>(List<I> instances, RunReport report) {}

  public static <I extends CpuInstance> Outcome<I> run(PipelinePlan plan, RunOptions options,
      InputCursor cursor, BiFunction<InputCursor, RunControl, I> newInstance) {
    Device device = options.resolvedDevice();
    if (device.kind() != Device.Kind.JVM) {
      throw new IllegalArgumentException("the CPU driver cannot run on " + device);
    }
    String untrusted = DivisionProbe.failure();
    if (untrusted != null) {
      throw new IllegalStateException(plan.name + ": " + untrusted);
    }
    // the count's own bound first: its message, not the queues', is the one for instances(Integer.MAX_VALUE)
    InstanceThreads.checkCount(plan.name, options.resolvedInstances());
    refuseQueuesOverHeap(plan, options.resolvedInstances(), Runtime.getRuntime().maxMemory());
    RunControl control = new RunControl(plan, options.maxSteps(), options.claimSize());
    InstanceThreads.Ran<I> ran = InstanceThreads.run(plan.name, options, control, cursor,
        newInstance, i -> i.runner().run(), full -> Failures.heapFull(plan, full));
    return new Outcome<>(ran.instances(), report(plan, device, ran.instances(), ran.nanos()));
  }

  /**
   * Refuses at once a run whose instances' queues and regions' parent buffers alone need more than the
   * heap's maximum, which making them one by one found only when the heap was full, after seconds to
   * minutes of collections. Each slot takes at least 4 bytes (an int, a float, a compressed reference or
   * a record's smallest column), so the figure is a lower bound and refuses no run that could fit.
   */
  static void refuseQueuesOverHeap(PipelinePlan plan, int instances, long maxHeap) {
    long slots = 0;
    for (int s = 0; s < plan.stageCount(); s++) {
      slots += plan.queueCapacity(s);
    }
    // the parent buffers too (outside-in helper-80: @Region(parentBuffer = 2^24) at 64 instances was
    // refused only at the sixth instance made)
    for (int r = 0; r < plan.regionCount(); r++) {
      slots += plan.regionParentBuffer(r);
    }
    long bytes = slots * 4 * instances;
    if (bytes > maxHeap) {
      throw new IllegalStateException(String.format(java.util.Locale.ROOT, "%s: the queues and parent buffers of %,d"
          + " instances take at least %,d MiB (%,d slots each), more than the heap's maximum of %,d MiB: run fewer instances"
          + " (instances(0) is one per core), lower @Pipeline(width) or queueScale, or give the JVM more heap (-Xmx)",
          plan.name, instances, bytes >> 20, slots, maxHeap >> 20));
    }
  }

  private static RunReport report(PipelinePlan plan, Device device, List<? extends CpuInstance> instances,
      long nanos) {
    long[] totals = new long[plan.stageCount() * StateLayout.STATS];
    for (CpuInstance i : instances) {
      long[] t = i.counters();
      for (int k = 0; k < totals.length; k++) {
        totals[k] += t[k];
      }
    }
    for (int s = 0; s < plan.stageCount(); s++) {
      // items out are counted by the channels here (the kernel counts them at its reservations)
      long out = 0;
      for (CpuInstance i : instances) {
        out += i.itemsOut(s);
      }
      totals[s * StateLayout.STATS + StateLayout.C_PUSHED] = out;
    }
    List<RunReport.StageStats> stages = Failures.stages(plan, totals);
    List<RunReport.SinkStats> sinks = new ArrayList<>();
    for (int k = 0; k < plan.sinkCount(); k++) {
      long items = 0;
      for (CpuInstance i : instances) {
        items += i.sinkItems(k);
      }
      sinks.add(new RunReport.SinkStats(plan.sinkName(k), items));
    }
    return new RunReport(plan, device.name(), instances.size(), nanos, stages, sinks, null);
  }
}
