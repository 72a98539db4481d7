package dev.sluice.examples.synthgain;

/** Ready-made {@link SynthGain} builders: every stage with the same gain, each with its own salt. */
public final class SynthGains {
  /** The gains the benchmark uses: mostly filtering, one-to-one, expanding. */
  public static final float[] BENCHMARK_GAINS = {0.1f, 1f, 4f};

  /** The per-stage salts, so the stages decide independently. */
  static final long[] SALTS = {0x1234_5678_9ABCL, 0x0F0F_1E1E_2D2DL, 0x7777_3333_5555L};

  private SynthGains() {}

  public static long salt(int stage) {
    return SALTS[stage];
  }

  /** A builder with all three stages at {@code gain}; add instances, chunk size and device to taste. */
  public static SynthGainPipeline.Builder builder(float gain) {
    return SynthGainPipeline.builder()
        .stage1(() -> new Gain(gain, SALTS[0]))
        .stage2(() -> new Gain(gain, SALTS[1]))
        .stage3(() -> new Gain(gain, SALTS[2]));
  }
}
