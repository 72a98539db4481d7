package dev.sluice.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 *       workload where both run).
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
      StringBuilder b = new StringBuilder("Targets (items/s ratios, same run, same input):\n");
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
    return new Check(out);
  }

  private static Target ratio(Bench.Results r, String name, Impl a, Impl b, double threshold, Predicate<Workload> which) {
    List<String> rows = new ArrayList<>();
    int met = 0;
    int checked = 0;
    for (Workload w : r.workloads()) {
      if (!which.test(w)) {
        continue;
      }
      for (int scale : r.config().scales()) {
        Measurement ma = r.find(w.name(), scale, a);
        Measurement mb = r.find(w.name(), scale, b);
        if (ma == null || mb == null) {
          continue;
        }
        if (!ma.ok() || !mb.ok()) {
          rows.add(String.format(Locale.ROOT, "%-14s x%-3d not compared: %s %s, %s %s", w.name(), scale, a.id,
              ma.status(), b.id, mb.status()));
          continue;
        }
        double q = ma.itemsPerSecond() / mb.itemsPerSecond();
        boolean ok = q >= threshold;
        checked++;
        met += ok ? 1 : 0;
        rows.add(String.format(Locale.ROOT, "%-14s x%-3d %s %.3g items/s / %s %.3g items/s = %.2fx  %s", w.name(),
            scale, a.id, ma.itemsPerSecond(), b.id, mb.itemsPerSecond(), q, ok ? "met" : "missed"));
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
      rows.add(String.format(Locale.ROOT, "%-14s x%-3d %s %d MiB / %s %d MiB = %.2fx  %s", w.name(), HEAP_SCALE,
          Impl.SLUICE_CPU.id, Machine.mib(ma.peakHeapBytes()), Impl.FUSED_PAR.id, Machine.mib(mb.peakHeapBytes()), q,
          ok ? "met" : "missed"));
    }
    return new Target(name, most, rows, met, checked);
  }
}
