package dev.sluice.bench.probe;

import dev.sluice.bench.Bench;
import dev.sluice.bench.Impl;
import dev.sluice.bench.Variant;
import dev.sluice.bench.Workload;
import java.util.Locale;

/**
 * One implementation on one workload, run again and again for {@code probe.seconds} (default 12): the
 * steady state a sampling profiler looks at ({@code bench/tools/jit-profile} does, down to the JIT's
 * instructions). Checks the first run's output against the reference and prints the run count.
 *
 * <pre>
 * java -cp ... dev.sluice.bench.probe.Repeat synthgain-0.1 sluice-cpu-1t [-Dprobe.scale=1]
 * </pre>
 */
public final class Repeat {
  private Repeat() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: Repeat WORKLOAD IMPL, e.g. Repeat synthgain-1 sluice-cpu-1t");
    }
    Workload w = Bench.workload(args[0]);
    Impl impl = Impl.byId(args[1]);
    int scale = Integer.getInteger("probe.scale", 1);
    long seconds = Long.getLong("probe.seconds", 12);
    Workload.Prepared p = w.prepare(w.baseItems(false) * scale);
    try (Variant v = p.variant(impl)) {
      if (!p.fingerprint(v.run().output()).equals(p.expected())) {
        throw new IllegalStateException(w.name() + " " + impl.id + " differs from the reference");
      }
      long end = System.nanoTime() + seconds * 1_000_000_000L;
      int runs = 1;
      for (; System.nanoTime() < end; runs++) {
        v.run();
      }
      System.out.printf(Locale.ROOT, "%s %s x%d: %d runs in %d s%n", w.name(), impl.id, scale, runs, seconds);
    }
    w.close();
  }
}
