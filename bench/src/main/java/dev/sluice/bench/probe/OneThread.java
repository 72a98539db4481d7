package dev.sluice.bench.probe;

import dev.sluice.bench.Bench;
import dev.sluice.bench.Impl;
import dev.sluice.bench.Variant;
import dev.sluice.bench.Workload;
import java.util.List;
import java.util.Locale;

/**
 * The per-core comparison on a busy machine: {@code sluice-cpu-1t} (one instance, which runs on the
 * caller's thread) against {@code fused-1t}, timed in the calling thread's CPU time rather than wall
 * time, so other processes on the machine slow neither down in the figure (they still share its
 * caches). Runs the two in turn, {@code probe.rounds} rounds (default 15, the first third warm-up),
 * on each workload of {@code bench.only} (default all) at {@code probe.scale} (default 1), checks each
 * output against the reference, and prints the median CPU milliseconds and the median of the rounds' ratios.
 *
 * <pre>
 * mvn -B -ntp -q install -DskipTests &amp;&amp; mvn -B -ntp -q -pl bench exec:java \
 *     -Dbench.main=dev.sluice.bench.probe.OneThread [-Dbench.only=lineparser] [-Dprobe.scale=4]
 * </pre>
 */
public final class OneThread {
  private OneThread() {}

  public static void main(String[] args) throws Exception {
    int scale = Integer.getInteger("probe.scale", 1);
    int rounds = Integer.getInteger("probe.rounds", 15);
    String only = System.getProperty("bench.only", "");
    if (!only.isEmpty()) {
      List.of(only.split(",")).forEach(Bench::workload);
    }
    Impl[] impls = {Impl.FUSED_1T, Impl.SLUICE_CPU_1T};
    System.out.printf(Locale.ROOT, "one thread, CPU time, x%d, median of the last %d of %d rounds (the times, and each round's"
        + " ratio)%n", scale,
        rounds - rounds / 3, rounds);
    for (Workload w : Bench.workloads()) {
      if (!only.isEmpty() && !List.of(only.split(",")).contains(w.name())) {
        continue;
      }
      Workload.Prepared p = w.prepare(w.baseItems(false) * scale);
      Variant[] variants = new Variant[impls.length];
      try {
        for (int k = 0; k < impls.length; k++) {
          variants[k] = p.variant(impls[k]);
        }
      } catch (Variant.Unavailable e) {
        System.out.printf(Locale.ROOT, "  %-14s n/a: %s%n", w.name(), e.getMessage());
        continue;
      }
      long[][] cpu = CpuRounds.time(List.of(() -> CpuRounds.output(variants[0]), () -> CpuRounds.output(variants[1])),
          rounds, (out, k) -> {
            if (!p.fingerprint(out).equals(p.expected())) {
              throw new IllegalStateException(w.name() + " " + impls[k].id + " differs from the reference");
            }
          });
      double fused = CpuRounds.median(cpu[0]);
      double sluice = CpuRounds.median(cpu[1]);
      System.out.printf(Locale.ROOT, "  %-14s %s %8.2f ms  %s %8.2f ms  items/s ratio %.2fx%n", w.name(),
          impls[0].id, fused / 1e6, impls[1].id, sluice / 1e6, 1 / CpuRounds.pairedRatio(cpu[1], cpu[0]));
      for (Variant v : variants) {
        v.close();
      }
      w.close();
    }
  }

}
