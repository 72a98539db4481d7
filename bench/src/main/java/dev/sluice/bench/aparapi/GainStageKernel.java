package dev.sluice.bench.aparapi;

import com.aparapi.Kernel;

/**
 * One SynthGain stage as its own Aparapi kernel, the naive GPU approach: work-item {@code i} runs
 * {@code Gain.run} on input {@code i} and writes its 0..8 outputs to its own padded slots
 * {@code out[8i .. 8i + 7]} and their number to {@code cnt[i]}; the host then compacts the padded
 * output (a prefix sum over {@code cnt}) into the next stage's dense input.
 */
public final class GainStageKernel extends Kernel {
  public static final int MAX_OUT = 8;

  public final long[] in;
  public final int[] cnt;
  public final long[] out;
  public int n;
  final int whole;
  final float frac;
  final long salt;

  public GainStageKernel(int capacity, float gain, long salt) {
    this.in = new long[capacity];
    this.cnt = new int[capacity];
    this.out = new long[capacity * MAX_OUT];
    this.whole = (int) gain;
    this.frac = gain - whole;
    this.salt = salt;
  }

  @Override
  public void run() {
    int i = getGlobalId();
    if (i < n) {
      long h = (in[i] ^ salt) * 0x9E3779B97F4A7C15L;
      h ^= h >>> 31;
      float f = (h >>> 40) * 0x1p-24f;
      int k = Math.min(MAX_OUT, whole + (f < frac ? 1 : 0));
      for (int j = 0; j < k; j++) {
        out[i * MAX_OUT + j] = h + j;
      }
      cnt[i] = k;
    }
  }

  /** Bytes of this kernel's device buffers. */
  public long bytes() {
    return 8L * in.length + 4L * cnt.length + 8L * out.length;
  }
}
