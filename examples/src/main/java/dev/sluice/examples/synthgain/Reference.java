package dev.sluice.examples.synthgain;

import java.util.Arrays;

/** {@link SynthGain} in plain Java: three nested expansions with the same count rule as {@link Gain}. */
public final class Reference {
  private Reference() {}

  /** The items of sink {@code items} for these inputs, every stage at {@code gain}. */
  public static long[] items(long[] input, float gain) {
    long[] items = input;
    for (int stage = 0; stage < 3; stage++) {
      items = expand(items, gain, SynthGains.salt(stage));
    }
    return items;
  }

  /** The same for the inputs {@code from, ..., to - 1}. */
  public static long[] itemsOfRange(long from, long to, float gain) {
    long[] in = new long[(int) (to - from)];
    for (int i = 0; i < in.length; i++) {
      in[i] = from + i;
    }
    return items(in, gain);
  }

  static long[] expand(long[] in, float gain, long salt) {
    long[] out = new long[16];
    int n = 0;
    for (long item : in) {
      long h = (item ^ salt) * 0x9E3779B97F4A7C15L;
      h ^= h >>> 31;
      double fraction = (double) (h >>> 40) / (1 << 24);
      int whole = (int) Math.floor(gain);
      int count = whole + (fraction < gain - whole ? 1 : 0);
      count = Math.min(count, Gain.MAX_OUT);
      for (int j = 0; j < count; j++) {
        if (n == out.length) {
          out = Arrays.copyOf(out, 2 * n);
        }
        out[n++] = h + j;
      }
    }
    return Arrays.copyOf(out, n);
  }
}
