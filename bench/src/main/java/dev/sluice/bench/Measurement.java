package dev.sluice.bench;

import java.util.Arrays;

/**
 * What one implementation did on one workload at one size: the wall time of each timed repetition
 * (input to materialised output); for Sluice also the median time its run report gives (the driver:
 * scheduling and running the instances, without building the result arrays), vector fill and report.
 */
public record Measurement(String workload, int scale, long inputItems, long outputItems, Impl impl, Status status,
    String note, long[] nanos, long driverNanos, double vectorFill, long peakHeapBytes, long deviceBytes, String report) {

  public enum Status { OK, NA, FAILED }

  public long medianNanos() {
    if (nanos.length == 0) {
      return 0;
    }
    long[] s = nanos.clone();
    Arrays.sort(s);
    int m = s.length / 2;
    return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
  }

  public long minNanos() {
    return Arrays.stream(nanos).min().orElse(0);
  }

  public long maxNanos() {
    return Arrays.stream(nanos).max().orElse(0);
  }

  /** Input items per second at the median time. */
  public double itemsPerSecond() {
    long m = medianNanos();
    return status != Status.OK || m == 0 ? Double.NaN : inputItems * 1e9 / m;
  }

  /** Half the range of the timed repetitions, relative to the median (the {@code ±} in the tables). */
  public double spread() {
    long m = medianNanos();
    return m == 0 ? Double.NaN : (maxNanos() - minNanos()) / 2.0 / m;
  }

  /**
   * How many times faster this ran than {@code other} in the same cell: the median, over the rounds in
   * which both ran ({@link Cell} runs every implementation once per round, so repetition {@code r} of
   * each is round {@code r}'s), of {@code other}'s time over this one's. A shared machine that turns
   * slower for a while slows both runs of a round alike, where the ratio of the two medians could take
   * them from different states (a probe read 1.06 or 1.7 where every round read about 1.33). NaN
   * unless both ran.
   */
  public double speedOver(Measurement other) {
    int n = Math.min(nanos.length, other.nanos.length);
    if (!ok() || !other.ok() || n == 0) {
      return Double.NaN;
    }
    double[] q = new double[n];
    for (int r = 0; r < n; r++) {
      q[r] = (double) other.nanos[r] / nanos[r];
    }
    Arrays.sort(q);
    return n % 2 == 1 ? q[n / 2] : (q[n / 2 - 1] + q[n / 2]) / 2;
  }

  public boolean ok() {
    return status == Status.OK;
  }
}
