package dev.sluice.runtime.cpu.direct;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.RunReport;
import dev.sluice.runtime.input.InputCursor;
import dev.sluice.runtime.cpu.InstanceThreads;
import dev.sluice.runtime.protocol.Failures;
import dev.sluice.runtime.cpu.RunControl;
import dev.sluice.runtime.DivisionProbe;
import dev.sluice.runtime.plan.PipelinePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The CPU driver of the direct executor: instances side by side ({@link InstanceThreads}), each a
 * generated {@link DirectInstance}; the report has items in and out and signals per stage. Firings,
 * runs, vector fill, flushes and blocks do not apply to it (no queues, no runs): they are reported
 * as 0, and the fill as NaN (printed n/a).
 */
public final class DirectDriver {
  private DirectDriver() {}

  /** The instances after the run, and the run's report. */
  public record Outcome<I extends DirectInstance>(List<I> instances, RunReport report) {}

  /**
   * Runs the instances {@code newInstance} makes over {@code cursor}; their sink buffers start at the
   * sizes in {@code starts}, which then remembers what this run's instances needed.
   */
  public static <I extends DirectInstance> Outcome<I> run(PipelinePlan plan, RunOptions options,
      InputCursor cursor, SinkStarts starts, BiFunction<InputCursor, RunControl, I> newInstance) {
    Device device = options.resolvedDevice();
    if (device.kind() != Device.Kind.JVM || device.scheduled()) {
      throw new IllegalArgumentException("the direct CPU executor does not run on " + device);
    }
    String untrusted = DivisionProbe.failure();
    if (untrusted != null) {
      throw new IllegalStateException(plan.name + ": " + untrusted);
    }
    InstanceThreads.Ran<I> ran = InstanceThreads.run(plan.name, options,
        new RunControl(options.maxSteps()), cursor, newInstance, instance -> {
          // on the instance's own thread: instances clear their sink arrays side by side, not one
          // after the other on the caller's thread before any of them starts
          instance.startSinks(starts);
          instance.run();
        }, full -> Failures.heapFull(plan, full));
    starts.remember(ran.instances());
    return new Outcome<>(ran.instances(), report(plan, device, ran.instances(), ran.nanos()));
  }

  private static RunReport report(PipelinePlan plan, Device device, List<? extends DirectInstance> instances,
      long nanos) {
    List<RunReport.StageStats> stages = new ArrayList<>();
    for (int s = 0; s < plan.stageCount(); s++) {
      long in = 0, out = 0, signals = 0;
      for (DirectInstance i : instances) {
        in += i.stageIn(s);
        out += i.stageOut(s);
        signals += i.stageSignals(s);
      }
      stages.add(new RunReport.StageStats(plan.stageName(s), plan.kind(s).name(), in, out, 0, 0, Double.NaN,
          signals, 0, 0));
    }
    List<RunReport.SinkStats> sinks = new ArrayList<>();
    for (int k = 0; k < plan.sinkCount(); k++) {
      long items = 0;
      for (DirectInstance i : instances) {
        items += i.sinkItems(k);
      }
      sinks.add(new RunReport.SinkStats(plan.sinkName(k), items));
    }
    return new RunReport(plan, device.name(), instances.size(), nanos, stages, sinks, null);
  }
}
