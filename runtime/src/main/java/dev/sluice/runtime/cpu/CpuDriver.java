package dev.sluice.runtime.cpu;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.RunReport;
import dev.sluice.runtime.opencl.DivisionProbe;
import dev.sluice.runtime.plan.PipelinePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The CPU driver of the scheduled executor: runs a pipeline as several independent instances, one
 * per thread ({@link InstanceThreads}), each a {@link Scheduler} claiming input chunks from the shared
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
    InstanceThreads.Ran<I> ran = InstanceThreads.run(plan.name, options, cursor, newInstance,
        i -> i.scheduler().run());
    return new Outcome<>(ran.instances(), report(plan, device, ran.instances(), ran.nanos()));
  }

  private static RunReport report(PipelinePlan plan, Device device, List<? extends CpuInstance> instances,
      long nanos) {
    List<RunReport.StageStats> stages = new ArrayList<>();
    for (int s = 0; s < plan.stageCount(); s++) {
      long in = 0, out = 0, firings = 0, runs = 0, dataRuns = 0, filled = 0, signals = 0, flushes = 0,
          blocks = 0;
      for (CpuInstance i : instances) {
        Scheduler.Stats st = i.scheduler().stats;
        in += st.consumed[s];
        out += i.itemsOut(s);
        firings += st.firings[s];
        runs += st.runs[s];
        dataRuns += st.dataRuns[s];
        filled += st.filled[s];
        signals += st.signals[s];
        flushes += st.flushes[s];
        blocks += st.blocks[s];
      }
      double fill = dataRuns == 0 ? 0 : (double) filled / ((double) dataRuns * plan.width);
      stages.add(new RunReport.StageStats(plan.stageNames[s], plan.kinds[s].name(), in, out, firings,
          runs, fill, signals, flushes, blocks));
    }
    List<RunReport.SinkStats> sinks = new ArrayList<>();
    for (int k = 0; k < plan.sinkNames.length; k++) {
      long items = 0;
      for (CpuInstance i : instances) {
        items += i.sinkItems(k);
      }
      sinks.add(new RunReport.SinkStats(plan.sinkNames[k], items));
    }
    return new RunReport(plan, device.name(), instances.size(), nanos, stages, sinks, null);
  }
}
