package dev.sluice.runtime.opencl;

import java.util.Arrays;

/**
 * The host arrays a generated kernel allocates for a run: the last run's array again, cleared, when it
 * has the size asked for, else a new one. A pipeline object kept between runs then holds one set of
 * buffers, not the last run's and the next run's at once (twice its memory budget, which a heap sized
 * for one run cannot hold); the sizes are {@code long}, so a product of work-groups and items that
 * passes {@code int} is refused here rather than wrapped to a negative size. One overload per column
 * type a kernel buffer has (items, payloads and the scheduler's words are int, long, float or double).
 */
public final class HostArrays {
  private HostArrays() {}

  private static int length(long items) {
    if (items < 0 || items > Integer.MAX_VALUE) {
      throw new IllegalStateException("a kernel buffer of " + items + " items, more than a Java array holds"
          + " (the run's memory check should have refused it: a bug in Sluice)");
    }
    return (int) items;
  }

  public static int[] zeroed(int[] last, long items) {
    int n = length(items);
    if (last != null && last.length == n) {
      Arrays.fill(last, 0);
      return last;
    }
    return new int[n];
  }

  public static long[] zeroed(long[] last, long items) {
    int n = length(items);
    if (last != null && last.length == n) {
      Arrays.fill(last, 0L);
      return last;
    }
    return new long[n];
  }

  public static float[] zeroed(float[] last, long items) {
    int n = length(items);
    if (last != null && last.length == n) {
      Arrays.fill(last, 0f);
      return last;
    }
    return new float[n];
  }

  public static double[] zeroed(double[] last, long items) {
    int n = length(items);
    if (last != null && last.length == n) {
      Arrays.fill(last, 0d);
      return last;
    }
    return new double[n];
  }
}
