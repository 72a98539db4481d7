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
 * checked; and the median of the rounds after the first third, which warm the JIT up, of the times and
 * of each round's ratio.
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

  /**
   * The median, over the last two thirds of the rounds, of each round's {@code t} over {@code base}.
   * A round runs its implementations back to back, so a machine that turns slower for a while (a
   * shared virtual CPU here ran the same loop 1.3x slower for dozens of rounds, then fast again) slows
   * both sides of a round's ratio; a ratio of the two medians could take them from different states,
   * and read 1.06 or 1.7 where every round read about 1.33 (helper-66's runs, 2026-11-30).
   */
  static double pairedRatio(long[] t, long[] base) {
    double[] r = new double[t.length - t.length / 3];
    for (int i = 0; i < r.length; i++) {
      r[i] = (double) t[t.length / 3 + i] / base[t.length / 3 + i];
    }
    Arrays.sort(r);
    return r[r.length / 2];
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
