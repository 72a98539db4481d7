package dev.sluice.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The targets, as ratios of items/s in the same run: on the synthetic gain pipeline the CPU
 * back end at least 0.5x the parallel hand-fused loop and at least 2x {@code java.util.stream}
 * parallel; the fused OpenCL kernel at least 2x the per-stage Aparapi kernels on the same device (on
 * every workload where both run).
 * Each is checked at every gain and input size; a target is met when it is met at all of them.
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

  public static Check check(Bench.Results r) {
    List<Target> out = new ArrayList<>();
    out.add(ratio(r, "Sluice CPU >= 0.5x hand-fused parallel (synthgain)", Impl.SLUICE_CPU, Impl.FUSED_PAR, 0.5, true));
    out.add(ratio(r, "Sluice CPU >= 2x java.util.stream parallel (synthgain)", Impl.SLUICE_CPU, Impl.STREAM_PAR, 2, true));
    out.add(ratio(r, "Sluice OpenCL >= 2x per-stage Aparapi, same device (all)", Impl.SLUICE_OPENCL,
        Impl.APARAPI_STAGES, 2, false));
    return new Check(out);
  }

  private static Target ratio(Bench.Results r, String name, Impl a, Impl b, double threshold, boolean synthGainOnly) {
    List<String> rows = new ArrayList<>();
    int met = 0;
    int checked = 0;
    for (Workload w : r.workloads()) {
      if (synthGainOnly && !w.name().startsWith("synthgain")) {
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
}
