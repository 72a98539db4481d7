package dev.sluice.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.IntPredicate;
import java.util.function.Predicate;

/**
 * The targets, as ratios measured in the same run on the same input:
 *
 * <ul>
 *   <li>the CPU back end at least 0.9x the parallel hand-fused loop on every workload at every size,
 *       and at least 1.0x on the synthetic gain pipeline;
 *   <li>the CPU back end at least 3x {@code java.util.stream} parallel on every synthetic gain cell;
 *   <li>the same with one instance against the single-threaded hand-fused loop (the per-core
 *       efficiency): at least 0.9x on every workload, 1.0x on the synthetic gain pipeline;
 *   <li>the CPU back end's peak heap at most 1.5x the parallel hand-fused loop's at 16x;
 *   <li>the fused OpenCL kernel at least 2x the per-stage Aparapi kernels on the same device (on every
 *       workload where both run);
 *   <li>on a GPU (rows whose {@code sluice-opencl} ran on an OpenCL GPU; elsewhere n/a): the fused
 *       kernel at least 3x the per-stage kernels on every workload at the largest size, the BLAST
 *       search at least 10x the CPU back end at 64x, and a vector fill of at least 90% on SynthGain.
 * </ul>
 *
 * A target is met when it is met at every workload and size it covers.
 */
public final class Targets {
  /** One target: its rows and the verdict. */
  public record Target(String name, double threshold, List<String> rows, int met, int checked) {
    public String verdict() {
      if (checked == 0) {
        return "n/a";
      }
      return met == checked ? "MET" : "MISSED";
    }
  }

  /** All targets, and their text. */
  public record Check(List<Target> targets) {
    public String text() {
      StringBuilder b = new StringBuilder("Targets (speed ratios, same run, same input: the median of the rounds'"
          + " ratios, which the verdict reads; items/s at the median times, and their ratio):\n");
      for (Target t : targets) {
        b.append(String.format(Locale.ROOT, "  %-58s %s (%d of %d)%n", t.name(), t.verdict(), t.met(), t.checked()));
        for (String r : t.rows()) {
          b.append("      ").append(r).append('\n');
        }
      }
      return b.toString();
    }
  }

  private Targets() {}

  /** The size whose peak heap is compared. */
  static final int HEAP_SCALE = 16;

  public static Check check(Bench.Results r) {
    Predicate<Workload> all = w -> true;
    Predicate<Workload> synthGain = w -> w.name().startsWith("synthgain");
    List<Target> out = new ArrayList<>();
    out.add(ratio(r, "Sluice CPU >= 0.9x hand-fused parallel (all)", Impl.SLUICE_CPU, Impl.FUSED_PAR, 0.9, all));
    out.add(ratio(r, "Sluice CPU >= 1.0x hand-fused parallel (synthgain)", Impl.SLUICE_CPU, Impl.FUSED_PAR, 1.0,
        synthGain));
    out.add(ratio(r, "Sluice CPU >= 3x java.util.stream parallel (synthgain)", Impl.SLUICE_CPU, Impl.STREAM_PAR, 3,
        synthGain));
    out.add(ratio(r, "Sluice CPU, 1 instance >= 0.9x hand-fused 1 thread (all)", Impl.SLUICE_CPU_1T, Impl.FUSED_1T,
        0.9, all));
    out.add(ratio(r, "Sluice CPU, 1 instance >= 1.0x hand-fused 1 thread (synthgain)", Impl.SLUICE_CPU_1T,
        Impl.FUSED_1T, 1.0, synthGain));
    out.add(heap(r, "Sluice CPU peak heap <= 1.5x hand-fused parallel's at " + HEAP_SCALE + "x (all)", 1.5));
    out.add(ratio(r, "Sluice OpenCL >= 2x per-stage Aparapi, same device (all)", Impl.SLUICE_OPENCL,
        Impl.APARAPI_STAGES, 2, all));
    int largest = Arrays.stream(r.config().scales()).max().orElse(0);
    out.add(ratio(r, "GPU: Sluice OpenCL >= 3x per-stage Aparapi at " + largest + "x (all)", Impl.SLUICE_OPENCL,
        Impl.APARAPI_STAGES, 3, all, scale -> scale == largest, true));
    out.add(ratio(r, "GPU: Sluice OpenCL >= 10x Sluice CPU at " + GPU_BLAST_SCALE + "x (blast)", Impl.SLUICE_OPENCL,
        Impl.SLUICE_CPU, 10, w -> w.name().equals("blast"), scale -> scale == GPU_BLAST_SCALE, true));
    out.add(gpuFill(r, "GPU: Sluice OpenCL vector fill >= 90% (synthgain)", 0.9, synthGain));
    return new Check(out);
  }

  /** The size at which the BLAST search on a GPU is compared with the CPU back end. */
  static final int GPU_BLAST_SCALE = 64;

  /** Whether {@code m} ran on an OpenCL GPU (its note is the run report's device line). */
  static boolean onGpu(Measurement m) {
    return m != null && m.impl() == Impl.SLUICE_OPENCL && m.note() != null && m.note().contains("(GPU,");
  }

  private static Target ratio(Bench.Results r, String name, Impl a, Impl b, double threshold, Predicate<Workload> which) {
    return ratio(r, name, a, b, threshold, which, scale -> true, false);
  }

  /** The vector fill of {@code sluice-opencl} on a GPU, at every size of the {@code which} workloads. */
  private static Target gpuFill(Bench.Results r, String name, double least, Predicate<Workload> which) {
    List<String> rows = new ArrayList<>();
    int met = 0;
    int checked = 0;
    for (Workload w : r.workloads()) {
      for (int scale : r.config().scales()) {
        Measurement m = r.find(w.name(), scale, Impl.SLUICE_OPENCL);
        if (!which.test(w) || !onGpu(m) || !m.ok()) {
          continue;
        }
        boolean ok = m.vectorFill() >= least;
        checked++;
        met += ok ? 1 : 0;
        rows.add(String.format(Locale.ROOT, "%-14s x%-3d %s fill %.1f%%  %s", w.name(), scale, Impl.SLUICE_OPENCL.id,
            100 * m.vectorFill(), ok ? "met" : "missed"));
      }
    }
    return new Target(name, least, rows, met, checked);
  }

  private static Target ratio(Bench.Results r, String name, Impl a, Impl b, double threshold, Predicate<Workload> which,
      IntPredicate scales, boolean gpuOnly) {
    List<String> rows = new ArrayList<>();
    int met = 0;
    int checked = 0;
    for (Workload w : r.workloads()) {
      if (!which.test(w)) {
        continue;
      }
      for (int scale : r.config().scales()) {
        if (!scales.test(scale)) {
          continue;
        }
        Measurement ma = r.find(w.name(), scale, a);
        Measurement mb = r.find(w.name(), scale, b);
        if (ma == null || mb == null || gpuOnly && !onGpu(ma)) {
          continue;
        }
        if (!ma.ok() || !mb.ok()) {
          rows.add(String.format(Locale.ROOT, "%-14s x%-3d not compared: %s %s, %s %s", w.name(), scale, a.id,
              ma.status(), b.id, mb.status()));
          continue;
        }
        double q = ma.speedOver(mb);
        boolean ok = q >= threshold;
        checked++;
        met += ok ? 1 : 0;
        rows.add(String.format(Locale.ROOT, "%-14s x%-3d %s %.3g items/s, %s %.3g items/s: %.2fx (of the medians"
            + " %.2fx)  %s", w.name(), scale, a.id, ma.itemsPerSecond(), b.id, mb.itemsPerSecond(), q,
            ma.itemsPerSecond() / mb.itemsPerSecond(), ok ? "met" : "missed"));
      }
    }
    return new Target(name, threshold, rows, met, checked);
  }

  /** Sluice CPU's peak heap against the parallel hand-fused loop's, at {@link #HEAP_SCALE} (where it was run). */
  private static Target heap(Bench.Results r, String name, double most) {
    List<String> rows = new ArrayList<>();
    int met = 0;
    int checked = 0;
    for (Workload w : r.workloads()) {
      Measurement ma = r.find(w.name(), HEAP_SCALE, Impl.SLUICE_CPU);
      Measurement mb = r.find(w.name(), HEAP_SCALE, Impl.FUSED_PAR);
      if (ma == null || mb == null || !ma.ok() || !mb.ok()) {
        continue;
      }
      double q = (double) ma.peakHeapBytes() / Math.max(1, mb.peakHeapBytes());
      boolean ok = q <= most;
      checked++;
      met += ok ? 1 : 0;
      rows.add(String.format(Locale.ROOT, "%-14s x%-3d %s %s MiB / %s %s MiB = %.2fx  %s", w.name(), HEAP_SCALE,
          Impl.SLUICE_CPU.id, Machine.heapMib(ma.peakHeapBytes()), Impl.FUSED_PAR.id, Machine.heapMib(mb.peakHeapBytes()), q,
          ok ? "met" : "missed"));
    }
    return new Target(name, most, rows, met, checked);
  }
}
