package dev.sluice.bench.probe;

import dev.sluice.bench.Bench;
import dev.sluice.bench.Impl;
import dev.sluice.bench.Variant;
import dev.sluice.bench.Workload;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * The bytes each implementation allocates per run, on all the JVM's threads (kept instance threads
 * included): what the bench's peak heap column shows only to the G1 region (4 MiB on the bench's
 * machine), so a run that allocates less than a region reads 0 or 4 there. {@code probe.scale}
 * (default 16) times the workload's base size; 30 runs of warm-up, then the mean of 10.
 *
 * <pre>
 * mvn -B -ntp -q -pl bench exec:java -Dbench.main=dev.sluice.bench.probe.Allocated \
 *     -Dexec.args="blast sluice-cpu,sluice-cpu-1t,fused-par,fused-1t"
 * </pre>
 */
public final class Allocated {
  private Allocated() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: Allocated WORKLOAD IMPL[,IMPL...], e.g. Allocated blast sluice-cpu,fused-par");
    }
    Workload w = Bench.workload(args[0]);
    int scale = Integer.getInteger("probe.scale", 16);
    Workload.Prepared p = w.prepare(w.baseItems(false) * scale);
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    for (String id : args[1].split(",")) {
      Impl impl = Impl.byId(id);
      try (Variant v = p.variant(impl)) {
        if (!p.fingerprint(v.run().output()).equals(p.expected())) {
          throw new IllegalStateException(w.name() + " " + id + " differs from the reference");
        }
        for (int i = 0; i < 30; i++) {
          v.run();
        }
        int runs = 10;
        long before = allocated(threads);
        for (int i = 0; i < runs; i++) {
          v.run();
        }
        long bytes = (allocated(threads) - before) / runs;
        System.out.printf(Locale.ROOT, "%s %s x%d: %.2f MiB (%,d bytes) allocated per run (mean of %d)%n", w.name(), id,
            scale, bytes / (double) (1 << 20), bytes, runs);
      }
    }
    w.close();
  }

  /** Bytes allocated so far by the threads alive now (a thread that ended takes its count with it). */
  private static long allocated(com.sun.management.ThreadMXBean threads) {
    long sum = 0;
    for (long b : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
      sum += Math.max(0, b);
    }
    return sum;
  }
}
