package dev.sluice.bench;

import java.util.Arrays;
import java.util.List;

/** A growable {@code long[]}: the output buffer of the hand-written implementations. */
public final class LongBuf {
  public long[] a;
  public int n;

  public LongBuf(int capacity) {
    a = new long[Math.max(16, capacity)];
  }

  public void add(long x) {
    if (n == a.length) {
      a = Arrays.copyOf(a, 2 * n);
    }
    a[n++] = x;
  }

  /** Makes room for {@code k} more items. */
  public void reserve(int k) {
    if (n + k > a.length) {
      a = Arrays.copyOf(a, Math.max(2 * a.length, n + k));
    }
  }

  /** The parts one after another in one array (what Sluice's result does with its instances' sinks). */
  public static long[] concat(List<LongBuf> parts) {
    long total = 0;
    for (LongBuf p : parts) {
      total += p.n;
    }
    long[] out = new long[Math.toIntExact(total)];
    int at = 0;
    for (LongBuf p : parts) {
      System.arraycopy(p.a, 0, out, at, p.n);
      at += p.n;
    }
    return out;
  }
}
