package dev.sluice.bench.probe;

import dev.sluice.bench.Variant;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.List;
import java.util.function.ObjIntConsumer;
import java.util.function.Supplier;

/**
 * What the one-thread probes share: runs timed in turn, one of each per round, in the calling thread's
 * CPU time (other processes on the machine slow none of them down in the figure), each output
 * checked; and the median of the rounds after the first third, which warm the JIT up.
 */
final class CpuRounds {
  private CpuRounds() {}

  /**
   * Runs each of {@code runs} once per round, in turn, for {@code rounds} rounds, after a GC each;
   * {@code check} gets each output and its run's index, and throws on a wrong one. Returns the CPU
   * nanoseconds, {@code [run][round]}.
   */
  static long[][] time(List<Supplier<Object>> runs, int rounds, ObjIntConsumer<Object> check) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long[][] cpu = new long[runs.size()][rounds];
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < runs.size(); k++) {
        System.gc();
        long t0 = threads.getCurrentThreadCpuTime();
        Object out = runs.get(k).get();
        cpu[k][r] = threads.getCurrentThreadCpuTime() - t0;
        check.accept(out, k);
      }
    }
    return cpu;
  }

  /** The median of the last two thirds of {@code t} (the first third warms the JIT up). */
  static double median(long[] t) {
    long[] s = Arrays.copyOfRange(t, t.length / 3, t.length);
    Arrays.sort(s);
    return s[s.length / 2];
  }

  /** {@code v}'s output; a variant the probe made itself is never unavailable. */
  static Object output(Variant v) {
    try {
      return v.run().output();
    } catch (Variant.Unavailable e) {
      throw new IllegalStateException(e);
    }
  }
}
