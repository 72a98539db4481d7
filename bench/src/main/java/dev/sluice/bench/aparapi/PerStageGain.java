package dev.sluice.bench.aparapi;

import com.aparapi.Range;
import com.aparapi.device.OpenCLDevice;
import dev.sluice.bench.LongBuf;
import dev.sluice.runtime.opencl.Kernels;

/**
 * SynthGain as one Aparapi kernel per stage with compaction on the host between stages: each stage
 * runs over its whole input (in batches of {@link #BATCH} items), the host moves each batch to the
 * device, runs the stage's kernel, brings back the padded outputs and counts, and compacts them into
 * the next stage's input. Every kernel is compiled for the device before the first run
 * ({@link Kernels#compile}) and every launch is checked to have run as OpenCL there
 * ({@link Kernels#execute}): Aparapi's Java thread-pool fallback is refused.
 */
public final class PerStageGain implements AutoCloseable {
  /** Items per launch: bounds the padded output buffer (8 longs per item). */
  public static final int BATCH = 1 << 18;
  static final int LOCAL = 64;

  private final OpenCLDevice device;
  private final GainStageKernel[] stages;

  public PerStageGain(OpenCLDevice device, float gain, long[] salts) {
    this.device = device;
    stages = new GainStageKernel[salts.length];
    for (int s = 0; s < salts.length; s++) {
      stages[s] = new GainStageKernel(BATCH, gain, salts[s]);
      Kernels.compile(stages[s], device);
    }
  }

  /** Runs every stage over {@code input}; returns the last stage's outputs, dense. */
  public long[] run(long[] input) {
    long[] items = input;
    int count = input.length;
    for (GainStageKernel k : stages) {
      LongBuf next = new LongBuf(count);
      for (int from = 0; from < count; from += BATCH) {
        int b = Math.min(BATCH, count - from);
        System.arraycopy(items, from, k.in, 0, b);
        k.n = b;
        k.put(k.in);
        int global = (b + LOCAL - 1) / LOCAL * LOCAL;
        Range range = device.createRange(global, LOCAL);
        Kernels.execute(k, range, device);
        k.get(k.cnt).get(k.out);
        // compaction on the host: prefix sum of the counts, then gather the padded slots
        int total = 0;
        for (int i = 0; i < b; i++) {
          total += k.cnt[i];
        }
        next.reserve(total);
        long[] dst = next.a;
        int at = next.n;
        for (int i = 0; i < b; i++) {
          int c = k.cnt[i];
          int src = i * GainStageKernel.MAX_OUT;
          for (int j = 0; j < c; j++) {
            dst[at++] = k.out[src + j];
          }
        }
        next.n = at;
      }
      items = next.a;
      count = next.n;
    }
    return items.length == count ? items : java.util.Arrays.copyOf(items, count);
  }

  public long deviceBytes() {
    long b = 0;
    for (GainStageKernel k : stages) {
      b += k.bytes();
    }
    return b;
  }

  @Override
  public void close() {
    for (GainStageKernel k : stages) {
      k.dispose();
    }
  }
}
