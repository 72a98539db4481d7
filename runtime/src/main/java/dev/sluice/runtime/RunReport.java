package dev.sluice.runtime;

import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.plan.PlanDiagram;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What a run did, summed over its pipeline instances: per stage the items in and out, firings, runs,
 * vector fill (average fraction of a run's lanes that had an item: the SIMD occupancy a GPU would
 * see), signals handled, flushes completed and times blocked; per sink its items; the device and the
 * wall time. {@link #toString()} prints a table; {@link #toJson()} is machine-readable;
 * {@link #toMermaid()} and {@link #toDot()} draw the pipeline with the items on each edge and the
 * vector fill of each stage.
 */
public final class RunReport {
  /** Counters of one stage. */
  public record StageStats(String name, String kind, long itemsIn, long itemsOut, long firings,
      long runs, double vectorFill, long signals, long flushes, long blocks) {}

  /** Items collected by one sink. */
  public record SinkStats(String name, long items) {}

  /**
   * How an OpenCL run used its device: the memory model and budget ({@code memory}), the most
   * bytes its buffers held at once, the input slices and the kernel launches (a slice runs again
   * when a sink's buffer had to grow), and the bytes of {@code @Param} arrays copied to the device for
   * the run (0 when none changed since the pipeline object's last run) and the nanoseconds spent
   * reading the node objects and checking their arrays against what the device holds; then where the
   * run's time went, in nanoseconds of the calling thread's wall clock: loading input slices (packing
   * them and copying them to the device), the kernel launches (each until the device is done), and
   * reading back (the scheduler's state and counts after each launch, the sinks after each slice), and
   * building the kernel (0 when the device kept a compiled one of the pipeline's class).
   */
  public record DeviceUse(String memory, long peakBytes, int slices, int launches, long paramBytes, long paramNanos,
      long loadNanos, long kernelNanos, long readNanos, long buildNanos) {}

  private final String pipeline;
  private final String device;
  private final int instances;
  private final long nanos;
  private final List<StageStats> stages;
  private final List<SinkStats> sinks;
  private final DeviceUse deviceUse;
  private final PipelinePlan plan;

  /** A report that cannot draw itself (no plan) and no OpenCL device use: a test's, say. */
  public RunReport(String pipeline, String device, int instances, long nanos, List<StageStats> stages,
      List<SinkStats> sinks) {
    this(pipeline, device, instances, nanos, stages, sinks, null);
  }

  /** A report that cannot draw itself (no plan): the Spark adapter's sum of its tasks' reports. */
  public RunReport(String pipeline, String device, int instances, long nanos, List<StageStats> stages,
      List<SinkStats> sinks, DeviceUse deviceUse) {
    this(null, pipeline, device, instances, nanos, stages, sinks, deviceUse);
  }

  /**
   * A report that can draw itself: {@code plan} is the pipeline that ran, and {@code stages} and
   * {@code sinks} are in its stage and sink order.
   */
  public RunReport(PipelinePlan plan, String device, int instances, long nanos, List<StageStats> stages,
      List<SinkStats> sinks, DeviceUse deviceUse) {
    this(plan, plan.name, device, instances, nanos, stages, sinks, deviceUse);
  }

  private RunReport(PipelinePlan plan, String pipeline, String device, int instances, long nanos,
      List<StageStats> stages, List<SinkStats> sinks, DeviceUse deviceUse) {
    this.plan = plan;
    this.deviceUse = deviceUse;
    this.pipeline = pipeline;
    this.device = device;
    this.instances = instances;
    this.nanos = nanos;
    if (stages.isEmpty()) {
      // every pipeline has a source, stage 0, whose items in are the run's input items
      throw new IllegalArgumentException("a run report of " + pipeline + " needs its stages, the source first; none given");
    }
    this.stages = List.copyOf(stages);
    this.sinks = List.copyOf(sinks);
  }

  /** The name of the pipeline that ran. */
  public String pipeline() {
    return pipeline;
  }

  /** The device that ran the pipeline. */
  public String device() {
    return device;
  }

  /** Pipeline instances that ran side by side (on OpenCL, work-groups). */
  public int instances() {
    return instances;
  }

  /**
   * The run's wall-clock time on the calling thread, from the start of the run (the node factories'
   * calls included) to its last item's result; not the progress listener's last call, which comes
   * after (the same on every back end).
   */
  public long nanos() {
    return nanos;
  }

  /** Each stage's counts, in the plan's stage order: the source first. Unmodifiable. */
  public List<StageStats> stages() {
    return stages;
  }

  /** Each sink's item count, in the plan's sink order. Unmodifiable. */
  public List<SinkStats> sinks() {
    return sinks;
  }

  /** How the run used its OpenCL device (memory, launches, transfers, time); null for a run on the JVM. */
  public DeviceUse deviceUse() {
    return deviceUse;
  }

  /** The stage of this name; an error that lists the stages when there is none. */
  public StageStats stage(String name) {
    java.util.Objects.requireNonNull(name, "the stage's name");
    for (StageStats s : stages) {
      if (s.name().equals(name)) {
        return s;
      }
    }
    throw new IllegalArgumentException(pipeline + " has no stage '" + name + "'; its stages are "
        + stages.stream().map(StageStats::name).toList());
  }

  /** The sink of this name; an error that lists the sinks when there is none. */
  public SinkStats sink(String name) {
    java.util.Objects.requireNonNull(name, "the sink's name");
    for (SinkStats s : sinks) {
      if (s.name().equals(name)) {
        return s;
      }
    }
    throw new IllegalArgumentException(pipeline + " has no sink '" + name + "'; its sinks are "
        + sinks.stream().map(SinkStats::name).toList());
  }

  /** Items read from the input. */
  public long inputItems() {
    return stages.get(0).itemsIn();
  }

  /** Input items per second. */
  public double itemsPerSecond() {
    return nanos == 0 ? 0 : inputItems() * 1e9 / nanos;
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.ROOT, "%s on %s, %d instance(s): %d items in %.3f ms (%.3g items/s)%n",
        pipeline, device, instances, inputItems(), nanos / 1e6, itemsPerSecond()));
    b.append(String.format(Locale.ROOT, "  %-16s %-9s %12s %12s %9s %10s %6s %8s %7s %6s%n", "stage", "kind",
        "in", "out", "firings", "runs", "fill", "signals", "flushes", "blocks"));
    for (StageStats s : stages) {
      // NaN: the executor has no runs (the CPU back end's direct calls), so no fill
      String fill = Double.isNaN(s.vectorFill()) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", 100 * s.vectorFill());
      b.append(String.format(Locale.ROOT, "  %-16s %-9s %12d %12d %9d %10d %6s %8d %7d %6d%n", s.name(),
          s.kind(), s.itemsIn(), s.itemsOut(), s.firings(), s.runs(), fill, s.signals(),
          s.flushes(), s.blocks()));
    }
    for (SinkStats s : sinks) {
      b.append(String.format(Locale.ROOT, "  %-16s %-9s %12d%n", s.name(), "SINK", s.items()));
    }
    if (deviceUse != null) {
      b.append(String.format(Locale.ROOT,
          "  memory: %s; buffers held %.1f MiB at most; %d slice(s) in %d launch(es); %d byte(s) of @Param arrays copied"
              + " (checked in %.3f ms)%n",
          deviceUse.memory(), deviceUse.peakBytes() / (double) (1L << 20), deviceUse.slices(), deviceUse.launches(),
          deviceUse.paramBytes(), deviceUse.paramNanos() / 1e6));
      b.append(String.format(Locale.ROOT,
          "  time: %.3f ms loading input, %.3f ms in the kernel's launches, %.3f ms reading back, %.3f ms building the kernel%n",
          deviceUse.loadNanos() / 1e6, deviceUse.kernelNanos() / 1e6, deviceUse.readNanos() / 1e6,
          deviceUse.buildNanos() / 1e6));
    }
    return b.toString();
  }

  /** The report as one JSON object. */
  public String toJson() {
    List<String> st = new ArrayList<>();
    for (StageStats s : stages) {
      st.add(String.format(Locale.ROOT,
          "{\"name\":%s,\"kind\":%s,\"itemsIn\":%d,\"itemsOut\":%d,\"firings\":%d,\"runs\":%d,"
              + "\"vectorFill\":%s,\"signals\":%d,\"flushes\":%d,\"blocks\":%d}",
          quote(s.name()), quote(s.kind()), s.itemsIn(), s.itemsOut(), s.firings(), s.runs(),
          Double.isNaN(s.vectorFill()) ? "null" : String.format(Locale.ROOT, "%.6f", s.vectorFill()),
          s.signals(), s.flushes(), s.blocks()));
    }
    List<String> sk = new ArrayList<>();
    for (SinkStats s : sinks) {
      sk.add("{\"name\":" + quote(s.name()) + ",\"items\":" + s.items() + "}");
    }
    return "{\"pipeline\":" + quote(pipeline) + ",\"device\":" + quote(device) + ",\"instances\":"
        + instances + ",\"nanos\":" + nanos + ",\"stages\":[" + String.join(",", st) + "],\"sinks\":["
        + String.join(",", sk) + "]" + (deviceUse == null ? "" : ",\"memory\":{\"model\":" + quote(deviceUse.memory())
        + ",\"peakBytes\":" + deviceUse.peakBytes() + ",\"slices\":" + deviceUse.slices() + ",\"launches\":"
        + deviceUse.launches() + ",\"paramBytes\":" + deviceUse.paramBytes() + ",\"paramNanos\":" + deviceUse.paramNanos()
        + ",\"loadNanos\":" + deviceUse.loadNanos() + ",\"kernelNanos\":" + deviceUse.kernelNanos() + ",\"readNanos\":"
        + deviceUse.readNanos() + ",\"buildNanos\":" + deviceUse.buildNanos() + "}") + "}";
  }

  /**
   * The items that went along each edge of the plan, by edge index; -1 where the counters cannot
   * tell. The back ends count per stage (items in and out) and per sink, so an edge's count is read
   * from where it is certain: a channel's items go along each of its edges (a broadcast copies
   * them), a consumer with one input edge took exactly that edge's items, a consumer that joins
   * several edges took their sum, and a stage put out the sum of its channels. Those equations are
   * applied until nothing new follows; only a channel whose every reader joins it with another
   * unknown channel stays unknown.
   */
  public long[] edgeItems() {
    PipelinePlan p = plan();
    int edges = p.edgeCount();
    // channel groups: edges of one (stage, channel), whose items are the same
    int[] group = new int[edges];
    List<int[]> groups = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    for (int e = 0; e < edges; e++) {
      String key = p.edgeFrom(e) + "." + p.edgeChannel(e);
      int g = keys.indexOf(key);
      if (g < 0) {
        g = keys.size();
        keys.add(key);
        groups.add(new int[0]);
      }
      int[] members = Arrays.copyOf(groups.get(g), groups.get(g).length + 1);
      members[members.length - 1] = e;
      groups.set(g, members);
      group[e] = g;
    }
    long[] items = new long[groups.size()];
    Arrays.fill(items, -1);
    // consumers: stages 0..n-1 and sinks n..n+k-1, each with its in-edges and its total
    int n = p.stageCount();
    int consumers = n + p.sinkCount();
    List<List<Integer>> in = new ArrayList<>();
    long[] taken = new long[consumers];
    for (int c = 0; c < consumers; c++) {
      in.add(new ArrayList<>());
      taken[c] = c < n ? stages.get(c).itemsIn() : sinks.get(c - n).items();
    }
    for (int e = 0; e < edges; e++) {
      in.get(p.edgeTo(e) >= 0 ? p.edgeTo(e) : n - p.edgeTo(e) - 1).add(e);
    }
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int c = 1; c < consumers; c++) {
        changed |= solve(in.get(c).stream().map(e -> group[e]).distinct().toList(), items, taken[c]);
      }
      for (int s = 0; s < n; s++) {
        List<Integer> channels = new ArrayList<>();
        for (String ch : p.stageChannels(s)) {
          int g = keys.indexOf(s + "." + ch);
          if (g < 0) {
            channels = null; // a channel nobody reads: its items are in the stage's total, not on an edge
            break;
          }
          channels.add(g);
        }
        if (channels != null && !channels.isEmpty()) {
          changed |= solve(channels, items, stages.get(s).itemsOut());
        }
      }
    }
    long[] out = new long[edges];
    for (int e = 0; e < edges; e++) {
      out[e] = items[group[e]];
    }
    return out;
  }

  /** If exactly one of {@code groups} is unknown and they add up to {@code total}, sets it. */
  private static boolean solve(List<Integer> groups, long[] items, long total) {
    int unknown = -1;
    long known = 0;
    for (int g : groups) {
      if (items[g] < 0) {
        if (unknown >= 0) {
          return false;
        }
        unknown = g;
      } else {
        known += items[g];
      }
    }
    if (unknown < 0) {
      return false;
    }
    items[unknown] = total - known;
    return true;
  }

  /** The pipeline drawn as a Mermaid flowchart with this run's items on the edges and fill on the stages. */
  public String toMermaid() {
    return diagram().mermaid();
  }

  /** The same picture as {@link #toMermaid()}, in Graphviz DOT. */
  public String toDot() {
    return diagram().dot();
  }

  private PlanDiagram diagram() {
    PipelinePlan p = plan();
    double[] fill = stages.stream().mapToDouble(StageStats::vectorFill).toArray();
    long[] sinkItems = sinks.stream().mapToLong(SinkStats::items).toArray();
    return PlanDiagram.of(p, new PlanDiagram.Figures(edgeItems(), fill, sinkItems));
  }

  private PipelinePlan plan() {
    if (plan == null) {
      throw new IllegalStateException(pipeline + ": this report was made without the pipeline's plan, so it cannot"
          + " draw the pipeline");
    }
    return plan;
  }

  private static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20) {
        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.append('"').toString();
  }

}
