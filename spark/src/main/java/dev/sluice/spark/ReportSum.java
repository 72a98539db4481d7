package dev.sluice.spark;

import dev.sluice.runtime.RunReport;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Run reports added up, in a form that travels between JVMs ({@link RunReport} does not): per stage
 * and sink the counters summed; vector fill averaged over the stage's runs; the devices listed; the
 * time is the sum of the runs' times (busy time across tasks, not the job's wall time); instances
 * the most one run used; device memory: the largest peak, the other counters summed.
 */
final class ReportSum implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The length of {@code memoryCounts}: the figures of {@link RunReport.DeviceUse} that add up over runs. */
  private static final int MEMORY_COUNTS = 8;

  private String pipeline;
  private String[] stageNames;
  private String[] stageKinds;
  private long[][] stageCounts; // per stage: in, out, firings, runs, signals, flushes, blocks
  private double[] fillTimesRuns;
  private String[] sinkNames;
  private long[] sinkItems;
  private final Set<String> devices = new LinkedHashSet<>();
  private int instances;
  private long nanos;
  private int runs;
  private String memoryModel;
  private long peakBytes;
  private long[] memoryCounts; // slices, launches, param bytes, param nanos, load, kernel, read and build nanos

  /** Runs added. */
  int runs() {
    return runs;
  }

  Set<String> devices() {
    return devices;
  }

  void add(RunReport r) {
    List<RunReport.StageStats> stages = r.stages();
    List<RunReport.SinkStats> sinks = r.sinks();
    if (pipeline == null) {
      pipeline = r.pipeline();
      stageNames = stages.stream().map(RunReport.StageStats::name).toArray(String[]::new);
      stageKinds = stages.stream().map(RunReport.StageStats::kind).toArray(String[]::new);
      stageCounts = new long[stages.size()][7];
      fillTimesRuns = new double[stages.size()];
      sinkNames = sinks.stream().map(RunReport.SinkStats::name).toArray(String[]::new);
      sinkItems = new long[sinks.size()];
    } else if (!pipeline.equals(r.pipeline()) || stages.size() != stageNames.length) {
      throw new IllegalArgumentException("a report of " + r.pipeline() + " cannot be added to reports of " + pipeline);
    }
    for (int s = 0; s < stages.size(); s++) {
      RunReport.StageStats st = stages.get(s);
      long[] c = stageCounts[s];
      c[0] += st.itemsIn();
      c[1] += st.itemsOut();
      c[2] += st.firings();
      c[3] += st.runs();
      c[4] += st.signals();
      c[5] += st.flushes();
      c[6] += st.blocks();
      if (st.runs() > 0) {
        fillTimesRuns[s] += st.vectorFill() * st.runs(); // a direct-call run has no runs and no fill (NaN)
      }
    }
    for (int k = 0; k < sinks.size(); k++) {
      sinkItems[k] += sinks.get(k).items();
    }
    devices.add(r.device());
    instances = Math.max(instances, r.instances());
    nanos += r.nanos();
    runs++;
    RunReport.DeviceUse m = r.deviceUse();
    if (m != null) {
      if (memoryCounts == null) {
        memoryModel = m.memory();
        memoryCounts = new long[MEMORY_COUNTS];
      }
      peakBytes = Math.max(peakBytes, m.peakBytes());
      memoryCounts[0] += m.slices();
      memoryCounts[1] += m.launches();
      memoryCounts[2] += m.paramBytes();
      memoryCounts[3] += m.paramNanos();
      memoryCounts[4] += m.loadNanos();
      memoryCounts[5] += m.kernelNanos();
      memoryCounts[6] += m.readNanos();
      memoryCounts[7] += m.buildNanos();
    }
  }

  void add(ReportSum o) {
    if (o.pipeline == null) {
      return;
    }
    if (pipeline == null) {
      pipeline = o.pipeline;
      stageNames = o.stageNames.clone();
      stageKinds = o.stageKinds.clone();
      stageCounts = new long[stageNames.length][7];
      fillTimesRuns = new double[stageNames.length];
      sinkNames = o.sinkNames.clone();
      sinkItems = new long[sinkNames.length];
    } else if (!pipeline.equals(o.pipeline) || !Arrays.equals(stageNames, o.stageNames)) {
      throw new IllegalArgumentException("reports of " + o.pipeline + " cannot be added to reports of " + pipeline);
    }
    for (int s = 0; s < stageNames.length; s++) {
      for (int i = 0; i < 7; i++) {
        stageCounts[s][i] += o.stageCounts[s][i];
      }
      fillTimesRuns[s] += o.fillTimesRuns[s];
    }
    for (int k = 0; k < sinkItems.length; k++) {
      sinkItems[k] += o.sinkItems[k];
    }
    devices.addAll(o.devices);
    instances = Math.max(instances, o.instances);
    nanos += o.nanos;
    runs += o.runs;
    if (o.memoryCounts != null) {
      if (memoryCounts == null) {
        memoryModel = o.memoryModel;
        memoryCounts = new long[MEMORY_COUNTS];
      }
      peakBytes = Math.max(peakBytes, o.peakBytes);
      for (int i = 0; i < MEMORY_COUNTS; i++) {
        memoryCounts[i] += o.memoryCounts[i];
      }
    }
  }

  /** The sum as a report; null when nothing was added. */
  RunReport toReport() {
    if (pipeline == null) {
      return null;
    }
    List<RunReport.StageStats> stages = new ArrayList<>();
    for (int s = 0; s < stageNames.length; s++) {
      long[] c = stageCounts[s];
      stages.add(new RunReport.StageStats(stageNames[s], stageKinds[s], c[0], c[1], c[2], c[3],
          c[3] == 0 ? Double.NaN : fillTimesRuns[s] / c[3], c[4], c[5], c[6]));
    }
    List<RunReport.SinkStats> sinks = new ArrayList<>();
    for (int k = 0; k < sinkNames.length; k++) {
      sinks.add(new RunReport.SinkStats(sinkNames[k], sinkItems[k]));
    }
    RunReport.DeviceUse memory = memoryCounts == null ? null
        : new RunReport.DeviceUse(memoryModel, peakBytes, (int) memoryCounts[0], (int) memoryCounts[1], memoryCounts[2],
            memoryCounts[3], memoryCounts[4], memoryCounts[5], memoryCounts[6], memoryCounts[7]);
    return new RunReport(pipeline, String.join("; ", devices), instances, nanos, stages, sinks, memory);
  }
}
