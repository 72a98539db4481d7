package dev.sluice.runtime.cpu;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.DivisionProbe;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.ProgressListener;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.RunReport;
import dev.sluice.runtime.input.InputCursor;
import dev.sluice.runtime.input.ProgressMeter;
import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.protocol.Failures;
import dev.sluice.runtime.protocol.StateLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;

/**
 * The CPU driver: runs a pipeline as several independent instances, one per thread, each claiming
 * input chunks from the shared cursor. The first failure stops the other instances and is rethrown
 * on the caller's thread.
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
    int n = options.resolvedInstances();
    RunControl control = new RunControl(plan, options.maxSteps(), options.chunkSize());
    ProgressMeter meter = null;
    AtomicLong taken = new AtomicLong();
    if (options.progress() != null) {
      meter = new ProgressMeter(plan.name, options.progress(), cursor.total());
      InputCursor counted = cursor;
      cursor = chunk -> {
        if (!counted.claim(chunk)) {
          return false;
        }
        taken.addAndGet(chunk.remaining());
        return true;
      };
    }
    List<I> instances = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      instances.add(newInstance.apply(cursor, control));
    }
    long t0 = System.nanoTime();
    Throwable[] failures = new Throwable[n];
    if (n == 1 && meter == null) {
      runOne(instances.get(0), control, failures, 0);
    } else {
      Thread[] threads = new Thread[n];
      for (int i = 0; i < n; i++) {
        int k = i;
        threads[i] = new Thread(() -> runOne(instances.get(k), control, failures, k),
            "sluice-" + plan.name + "-" + i);
        threads[i].start();
      }
      RuntimeException listenerFailed = null;
      for (Thread t : threads) {
        try {
          // with a progress listener the caller's thread tells it while it waits
          while (t.isAlive()) {
            t.join(meter == null ? 0 : ProgressListener.INTERVAL_MILLIS);
            if (meter != null && listenerFailed == null) {
              try {
                meter.update(taken.get());
              } catch (RuntimeException e) {
                listenerFailed = e;
                control.abort();
              }
            }
          }
        } catch (InterruptedException e) {
          control.abort();
          Thread.currentThread().interrupt();
          throw new IllegalStateException(plan.name + ": interrupted while running", e);
        }
      }
      if (listenerFailed != null) {
        throw listenerFailed;
      }
    }
    long nanos = System.nanoTime() - t0;
    for (Throwable f : failures) {
      if (f instanceof PipelineException p) {
        throw p;
      }
    }
    for (Throwable f : failures) {
      if (f instanceof RuntimeException r) {
        throw r;
      }
      if (f instanceof Error e) {
        throw e;
      }
    }
    if (meter != null) {
      meter.finish(taken.get());
    }
    return new Outcome<>(instances, report(plan, device, instances, nanos));
  }

  private static void runOne(CpuInstance instance, RunControl control, Throwable[] failures, int k) {
    try {
      instance.runner().run();
    } catch (Throwable t) {
      failures[k] = t;
      control.abort();
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
