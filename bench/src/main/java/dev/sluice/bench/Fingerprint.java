package dev.sluice.bench;

import java.util.Locale;

/**
 * An order-independent fingerprint of a multiset of outputs: the count and two sums of independent
 * 64-bit mixes of each item. Two outputs with the same fingerprint are the same multiset except with
 * negligible probability; outputs in any order give the same fingerprint, since the pipelines
 * promise no order.
 */
public record Fingerprint(long count, long sumA, long sumB) {
  /** Accumulates items one by one. */
  public static final class Builder {
    private long count;
    private long a;
    private long b;

    public Builder add(long item) {
      count++;
      a += mix(item ^ 0x5DEECE66DL);
      b += mix(item * 0xC2B2AE3D27D4EB4FL + 0x165667B19E3779F9L);
      return this;
    }

    /** One item made of several fields (a record), hashed in field order. */
    public Builder addFields(long... fields) {
      long h = 0x27D4EB2F165667C5L;
      for (long f : fields) {
        h = mix(h ^ f) + 0x9E3779B97F4A7C15L;
      }
      return add(h);
    }

    public Fingerprint build() {
      return new Fingerprint(count, a, b);
    }
  }

  public static Builder builder() {
    return new Builder();
  }

  public static Fingerprint of(long[] items) {
    Builder b = builder();
    for (long x : items) {
      b.add(x);
    }
    return b.build();
  }

  /** SplitMix64's finaliser. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%d items, checksum %016x%016x", count, sumA, sumB);
  }
}
