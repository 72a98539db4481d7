package dev.sluice.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a run did, summed over its pipeline instances: per stage the items in and out, firings, runs,
 * vector fill (average fraction of a run's lanes that had an item: the SIMD occupancy a GPU would
 * see), signals handled, flushes completed and times blocked; per sink its items; the device and the
 * wall time. {@link #toString()} prints a table; {@link #toJson()} is machine-readable.
 */
public final class RunReport {
  /** Counters of one stage. */
  public record StageStats(String name, String kind, long itemsIn, long itemsOut, long firings,
      long runs, double vectorFill, long signals, long flushes, long blocks) {}

  /** Items collected by one sink. */
  public record SinkStats(String name, long items) {}

  /**
   * How an OpenCL run used its device's memory: the model and budget ({@code memory}), the most
   * bytes its buffers held at once, the input slices and the kernel launches (a slice runs again
   * when a sink's buffer had to grow), and the bytes of {@code @Param} arrays copied to the device for
   * the run (0 when none changed since the pipeline object's last run) and the nanoseconds spent
   * reading the node objects and checking their arrays against what the device holds.
   */
  public record MemoryUse(String memory, long peakBytes, int slices, int launches, long paramBytes, long paramNanos) {}

  private final String pipeline;
  private final String device;
  private final int instances;
  private final long nanos;
  private final List<StageStats> stages;
  private final List<SinkStats> sinks;
  private final MemoryUse memory;

  public RunReport(String pipeline, String device, int instances, long nanos, List<StageStats> stages,
      List<SinkStats> sinks) {
    this(pipeline, device, instances, nanos, stages, sinks, null);
  }

  public RunReport(String pipeline, String device, int instances, long nanos, List<StageStats> stages,
      List<SinkStats> sinks, MemoryUse memory) {
    this.memory = memory;
    this.pipeline = pipeline;
    this.device = device;
    this.instances = instances;
    this.nanos = nanos;
    this.stages = List.copyOf(stages);
    this.sinks = List.copyOf(sinks);
  }

  public String pipeline() {
    return pipeline;
  }

  /** The device that ran the pipeline. */
  public String device() {
    return device;
  }

  public int instances() {
    return instances;
  }

  public long nanos() {
    return nanos;
  }

  public List<StageStats> stages() {
    return stages;
  }

  public List<SinkStats> sinks() {
    return sinks;
  }

  /** How the run used device memory; null for a run on the JVM. */
  public MemoryUse memory() {
    return memory;
  }

  public StageStats stage(String name) {
    for (StageStats s : stages) {
      if (s.name().equals(name)) {
        return s;
      }
    }
    throw new IllegalArgumentException(pipeline + " has no stage '" + name + "'");
  }

  public SinkStats sink(String name) {
    for (SinkStats s : sinks) {
      if (s.name().equals(name)) {
        return s;
      }
    }
    throw new IllegalArgumentException(pipeline + " has no sink '" + name + "'");
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
      b.append(String.format(Locale.ROOT, "  %-16s %-9s %12d %12d %9d %10d %5.1f%% %8d %7d %6d%n", s.name(),
          s.kind(), s.itemsIn(), s.itemsOut(), s.firings(), s.runs(), 100 * s.vectorFill(), s.signals(),
          s.flushes(), s.blocks()));
    }
    for (SinkStats s : sinks) {
      b.append(String.format(Locale.ROOT, "  %-16s %-9s %12d%n", s.name(), "SINK", s.items()));
    }
    if (memory != null) {
      b.append(String.format(Locale.ROOT,
          "  memory: %s; buffers held %.1f MiB at most; %d slice(s) in %d launch(es); %d byte(s) of @Param arrays copied"
              + " (checked in %.3f ms)%n",
          memory.memory(), memory.peakBytes() / (double) (1L << 20), memory.slices(), memory.launches(),
          memory.paramBytes(), memory.paramNanos() / 1e6));
    }
    return b.toString();
  }

  /** The report as one JSON object. */
  public String toJson() {
    List<String> st = new ArrayList<>();
    for (StageStats s : stages) {
      st.add(String.format(Locale.ROOT,
          "{\"name\":%s,\"kind\":%s,\"itemsIn\":%d,\"itemsOut\":%d,\"firings\":%d,\"runs\":%d,"
              + "\"vectorFill\":%.6f,\"signals\":%d,\"flushes\":%d,\"blocks\":%d}",
          quote(s.name()), quote(s.kind()), s.itemsIn(), s.itemsOut(), s.firings(), s.runs(),
          s.vectorFill(), s.signals(), s.flushes(), s.blocks()));
    }
    List<String> sk = new ArrayList<>();
    for (SinkStats s : sinks) {
      sk.add("{\"name\":" + quote(s.name()) + ",\"items\":" + s.items() + "}");
    }
    return "{\"pipeline\":" + quote(pipeline) + ",\"device\":" + quote(device) + ",\"instances\":"
        + instances + ",\"nanos\":" + nanos + ",\"stages\":[" + String.join(",", st) + "],\"sinks\":["
        + String.join(",", sk) + "]" + (memory == null ? "" : ",\"memory\":{\"model\":" + quote(memory.memory())
        + ",\"peakBytes\":" + memory.peakBytes() + ",\"slices\":" + memory.slices() + ",\"launches\":"
        + memory.launches() + ",\"paramBytes\":" + memory.paramBytes() + ",\"paramNanos\":" + memory.paramNanos() + "}") + "}";
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
