package dev.sluice.bench.workloads;

import dev.sluice.bench.Fingerprint;
import dev.sluice.bench.Impl;
import dev.sluice.bench.LongBuf;
import dev.sluice.bench.OpenCl;
import dev.sluice.bench.Parallel;
import dev.sluice.bench.SluiceVariant;
import dev.sluice.bench.Variant;
import dev.sluice.bench.Workload;
import dev.sluice.bench.aparapi.PerStageGain;
import dev.sluice.examples.synthgain.Gain;
import dev.sluice.examples.synthgain.Reference;
import dev.sluice.examples.synthgain.SynthGainPipeline;
import dev.sluice.examples.synthgain.SynthGains;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunOptions;
import java.util.List;
import java.util.stream.LongStream;

/**
 * MERCATOR's SynthGain: three {@link Gain} stages at one average gain. Input items are the ids
 * {@code 0 .. n-1} as a {@code long[]}; the output is the multiset of the last stage's items.
 */
public final class SynthGainWorkload implements Workload {
  private final float gain;
  private final int whole;
  private final float frac;
  private final long[] salts = {SynthGains.salt(0), SynthGains.salt(1), SynthGains.salt(2)};
  // kept across input sizes, so each kernel is compiled once
  private SynthGainPipeline cpu;
  private SynthGainPipeline cpu1;
  private SynthGainPipeline opencl;
  private PerStageGain perStage;

  public SynthGainWorkload(float gain) {
    this.gain = gain;
    this.whole = (int) gain;
    this.frac = gain - whole;
  }

  @Override
  public String name() {
    return "synthgain-" + (gain == (int) gain ? String.valueOf((int) gain) : String.valueOf(gain));
  }

  @Override
  public String description() {
    return "three Gain stages, 0..8 outputs each, average gain " + gain + "; input: long ids";
  }

  @Override
  public long baseItems(boolean quick) {
    long full = gain > 1 ? 1 << 16 : 1 << 20;
    return quick ? full / 64 : full;
  }

  @Override
  public Prepared prepare(long items) {
    long[] ids = LongStream.range(0, items).toArray();
    long[] ref = Reference.items(ids, gain);
    Fingerprint expected = Fingerprint.of(ref);
    long outputs = ref.length;
    // where each hand-written buffer starts after the first run: the most the same buffer held in the last
    // run, as Sluice's sink buffers start (SinkStarts: the most one instance held), so that neither side
    // grows its output by doubling, or zeroes an array sized for outputs that never come, at every run;
    // [0] is fused-1t's buffer, [1] each of fused-par's
    int[] starts = new int[2];
    return new Prepared() {
      @Override
      public long inputItems() {
        return ids.length;
      }

      @Override
      public long outputItems() {
        return outputs;
      }

      @Override
      public Fingerprint expected() {
        return expected;
      }

      @Override
      public Fingerprint fingerprint(Object output) {
        return Fingerprint.of((long[]) output);
      }

      @Override
      public Variant variant(Impl impl) throws Variant.Unavailable {
        return switch (impl) {
          case SLUICE_CPU, SLUICE_CPU_1T -> {
            if (cpu == null) {
              cpu = SynthGains.builder(gain).device(SluiceVariant.cpu()).build();
              cpu1 = SynthGains.builder(gain).device(SluiceVariant.cpu()).instances(1).build();
            }
            SynthGainPipeline p = impl == Impl.SLUICE_CPU ? cpu : cpu1;
            yield SluiceVariant.of(() -> {
              SynthGainPipeline.Result r = p.run(ids);
              return new Variant.Outcome(r.items(), r.report());
            });
          }
          case SLUICE_OPENCL -> {
            if (opencl == null) {
              opencl = SynthGains.builder(gain).device(OpenCl.sluiceDevice()).instances(OpenCl.groups()).build();
            }
            SynthGainPipeline p = opencl;
            yield SluiceVariant.of(() -> {
              SynthGainPipeline.Result r = p.run(ids);
              return new Variant.Outcome(r.items(), r.report());
            });
          }
          case FUSED_1T -> () -> {
            LongBuf out = new LongBuf(starts[0] > 0 ? starts[0] : ids.length);
            fused(ids, 0, ids.length, out);
            starts[0] = out.n;
            return new Variant.Outcome(java.util.Arrays.copyOf(out.a, out.n));
          };
          case FUSED_PAR -> () -> {
            // each thread's buffer starts at its share of the input in the first run, as fused-1t's starts at
            // the input's size
            int share = ids.length / Parallel.threads() + 1;
            List<LongBuf> parts = Parallel.run(ids.length, RunOptions.DEFAULT_CHUNK, t -> new Parallel.Worker<>() {
              // a quarter more than the most one thread held last time: threads claim chunks as they
              // go, so a thread's share moves from run to run, and a buffer that doubles copies it all
              final LongBuf out = new LongBuf(starts[1] > 0 ? starts[1] + starts[1] / 4 : share);

              @Override
              public void chunk(int from, int to) {
                fused(ids, from, to, out);
              }

              @Override
              public LongBuf result() {
                return out;
              }
            });
            starts[1] = parts.stream().mapToInt(b -> b.n).max().orElse(0);
            return new Variant.Outcome(LongBuf.concat(parts));
          };
          case STREAM_PAR -> () -> new Variant.Outcome(LongStream.of(ids).parallel()
              .flatMap(x -> expand(x, salts[0]))
              .flatMap(x -> expand(x, salts[1]))
              .flatMap(x -> expand(x, salts[2]))
              .toArray());
          case APARAPI_STAGES -> {
            if (perStage == null) {
              perStage = new PerStageGain(OpenCl.device(), gain, salts);
            }
            PerStageGain k = perStage;
            yield new Variant() {
              @Override
              public Outcome run() {
                return new Outcome(k.run(ids));
              }

              @Override
              public long deviceBytes() {
                return k.deviceBytes();
              }
            };
          }
        };
      }
    };
  }

  /** The hand-fused loop: all three stages inlined as nested loops, no queues in between. */
  void fused(long[] ids, int from, int to, LongBuf out) {
    long s0 = salts[0], s1 = salts[1], s2 = salts[2];
    float g = gain;
    int whole = (int) g;
    float frac = g - whole;
    for (int i = from; i < to; i++) {
      long h1 = hash(ids[i], s0);
      int n1 = count(h1, whole, frac);
      for (int a = 0; a < n1; a++) {
        long h2 = hash(h1 + a, s1);
        int n2 = count(h2, whole, frac);
        for (int b = 0; b < n2; b++) {
          long h3 = hash(h2 + b, s2);
          int n3 = count(h3, whole, frac);
          out.reserve(n3);
          long[] dst = out.a;
          int at = out.n;
          for (int c = 0; c < n3; c++) {
            dst[at++] = h3 + c;
          }
          out.n = at;
        }
      }
    }
  }

  /** One stage as a stream: what {@code flatMap} gets per item. */
  LongStream expand(long item, long salt) {
    long h = hash(item, salt);
    int n = count(h, whole, frac);
    return n == 0 ? LongStream.empty() : LongStream.range(0, n).map(j -> h + j);
  }

  /** A stage's hash of an item, as {@code Gain.run} computes it. */
  public static long hash(long item, long salt) {
    long h = (item ^ salt) * 0x9E3779B97F4A7C15L;
    return h ^ (h >>> 31);
  }

  static int count(long h, int whole, float frac) {
    float f = (h >>> 40) * 0x1p-24f;
    return Math.min(Gain.MAX_OUT, whole + (f < frac ? 1 : 0));
  }

  @Override
  public void close() {
    // releases the kernel's driver context now (a device keeps only a few: LiveKernels)
    if (opencl != null) {
      opencl.close();
    }
    if (perStage != null) {
      perStage.close();
    }
    cpu = null;
    cpu1 = null;
    opencl = null;
    perStage = null;
  }
}
