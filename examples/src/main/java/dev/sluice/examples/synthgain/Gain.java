package dev.sluice.examples.synthgain;

import dev.sluice.LongOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Param;

/**
 * A SynthGain stage (MERCATOR's synthetic benchmark): emits 0..{@link #MAX_OUT} items per input, on
 * average {@code gain}. The count is decided from the item itself, so it is reproducible: a cheap hash
 * of the item (salted per stage) gives a fraction {@code f} in [0, 1); the item gets
 * {@code floor(gain)} outputs, plus one if {@code f < gain - floor(gain)}, capped at {@code MAX_OUT}.
 * The outputs are {@code h, h + 1, ...} where {@code h} is the hash.
 */
@Node
public final class Gain {
  /** The most outputs per input (MERCATOR's k). */
  public static final int MAX_OUT = 8;

  @Param final long salt;
  /** {@code floor(gain)} and {@code gain - floor(gain)}, worked out once here rather than at every item. */
  @Param final int whole;
  @Param final float frac;

  public Gain(float gain, long salt) {
    if (!(gain >= 0 && gain <= MAX_OUT)) {
      throw new IllegalArgumentException("gain must be in [0, " + MAX_OUT + "], not " + gain);
    }
    this.salt = salt;
    this.whole = (int) gain;
    this.frac = gain - whole;
  }

  public void run(long item, @Max(MAX_OUT) LongOut out) {
    long h = (item ^ salt) * 0x9E3779B97F4A7C15L;
    h ^= h >>> 31;
    float f = (h >>> 40) * 0x1p-24f;
    int n = Math.min(MAX_OUT, whole + (f < frac ? 1 : 0));
    for (int j = 0; j < n; j++) {
      out.push(h + j);
    }
  }
}
