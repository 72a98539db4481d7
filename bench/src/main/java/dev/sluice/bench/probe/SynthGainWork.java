package dev.sluice.bench.probe;

import dev.sluice.LongOut;
import dev.sluice.bench.Impl;
import dev.sluice.bench.LongBuf;
import dev.sluice.bench.Variant;
import dev.sluice.bench.Workload;
import dev.sluice.bench.workloads.SynthGainWorkload;
import dev.sluice.examples.synthgain.Gain;
import dev.sluice.examples.synthgain.SynthGains;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * How much of SynthGain's per-core gap to the hand-fused loop is the work its {@code Gain} node does
 * per call, rather than Sluice. On one thread, in the thread's CPU time: the bench's {@code fused-1t}
 * (which works out {@code (int) gain} and {@code gain - whole} once per run), the same loop doing them
 * once per call as {@code Gain.run} does, the example's {@code Gain} objects called by hand in nested
 * loops (each call's pushes into a small buffer, then the next stage over them; the objects made
 * outside the loop, as a pipeline's factories make them, so the JIT cannot see their fields), {@code
 * sluice-cpu-1t} (the direct executor, one instance), and the {@code Gain} objects a stage at a time
 * over blocks of 64 input items. Runs them in turn, {@code probe.rounds} rounds
 * (default 15, the first third warm-up), checks each output against the reference, and prints each
 * one's median and the median of its ratio to {@code fused-1t}'s in each round.
 *
 * <pre>
 * mvn -B -ntp -q install -DskipTests &amp;&amp; mvn -B -ntp -q -pl bench exec:java \
 *     -Dbench.main=dev.sluice.bench.probe.SynthGainWork [-Dprobe.gains=1] [-Dprobe.scale=4]
 * </pre>
 */
public final class SynthGainWork {
  private SynthGainWork() {}

  public static void main(String[] args) throws Exception {
    int scale = Integer.getInteger("probe.scale", 1);
    int rounds = Integer.getInteger("probe.rounds", 15);
    String[] names = {"fused-1t", "fused-1t, Gain.run's per-call work",
        "the same, its values read from objects", "the Gain objects called by hand",
        "sluice-cpu-1t (direct calls)", "the Gain objects, a stage at a time"};
    System.out.printf(Locale.ROOT, "SynthGain, one thread, CPU time, x%d, median of the last %d of %d rounds (the times, and"
        + " each round's ratio)%n",
        scale, rounds - rounds / 3, rounds);
    for (String g : System.getProperty("probe.gains", "0.1,1,4").split(",")) {
      float gain = Float.parseFloat(g);
      SynthGainWorkload w = new SynthGainWorkload(gain);
      Workload.Prepared p = w.prepare(w.baseItems(false) * scale);
      long[] ids = java.util.stream.LongStream.range(0, p.inputItems()).toArray();
      Variant fused = p.variant(Impl.FUSED_1T);
      Variant sluice = p.variant(Impl.SLUICE_CPU_1T);
      // made here, as a pipeline's factories make them: the loops below cannot see their fields' values
      Gain[] nodes = {new Gain(gain, SynthGains.salt(0)), new Gain(gain, SynthGains.salt(1)),
          new Gain(gain, SynthGains.salt(2))};
      List<Supplier<Object>> runs = List.of(
          () -> CpuRounds.output(fused),
          () -> perCallWork(ids, gain),
          () -> valuesFromObjects(ids, gain),
          () -> nodesByHand(ids, nodes),
          () -> CpuRounds.output(sluice),
          () -> stageAtATime(ids, nodes));
      long[][] cpu = CpuRounds.time(runs, rounds, (out, k) -> {
        if (!p.fingerprint(out).equals(p.expected())) {
          throw new IllegalStateException(w.name() + " " + names[k] + " differs from the reference");
        }
      });
      System.out.printf(Locale.ROOT, "  %s, %d items in%n", w.name(), ids.length);
      for (int k = 0; k < runs.size(); k++) {
        double m = CpuRounds.median(cpu[k]);
        System.out.printf(Locale.ROOT, "    %-38s %8.2f ms  %5.2fx fused-1t's time%n", names[k], m / 1e6,
            CpuRounds.pairedRatio(cpu[k], cpu[0]));
      }
      fused.close();
      sluice.close();
      w.close();
    }
  }

  /** {@code fused-1t}'s loop, working out the output count as {@code Gain.run} does: from the gain, per call. */
  static long[] perCallWork(long[] ids, float gain) {
    LongBuf out = new LongBuf(ids.length);
    perCallLoop(ids, gain, out);
    return Arrays.copyOf(out.a, out.n);
  }

  /**
   * The loop of {@link #perCallWork}, its buffer passed in as {@code fused-1t}'s is: a buffer made in
   * the loop's own method never leaves it, and the JIT then keeps its count and array in registers,
   * which made this row 0.7x of {@code fused-1t}'s time at gain 1 for that alone.
   */
  private static void perCallLoop(long[] ids, float gain, LongBuf out) {
    long s0 = SynthGains.salt(0), s1 = SynthGains.salt(1), s2 = SynthGains.salt(2);
    for (long id : ids) {
      long h1 = SynthGainWorkload.hash(id, s0);
      int n1 = count(h1, gain);
      for (int a = 0; a < n1; a++) {
        long h2 = SynthGainWorkload.hash(h1 + a, s1);
        int n2 = count(h2, gain);
        for (int b = 0; b < n2; b++) {
          long h3 = SynthGainWorkload.hash(h2 + b, s2);
          int n3 = count(h3, gain);
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

  /** What each stage of {@link #valuesFromObjects} reads: a {@code Gain}'s salt and gain, in an object's fields. */
  private static final class StageValues {
    final long salt;
    final float gain;

    StageValues(long salt, float gain) {
      this.salt = salt;
      this.gain = gain;
    }
  }

  /**
   * {@link #perCallWork} with each stage's salt and gain in an object's fields instead of locals. It
   * measures more than loading them: its buffer's {@code reserve} call in the loop and its stores in
   * nested loops keep C2 from moving the loads out, and the per-call work on a loaded gain cannot be
   * done once, as it is on a local; the generated class with its loads moved out was no faster
   * (docs/benchmarks.md, "Where the gap is now").
   */
  static long[] valuesFromObjects(long[] ids, float gain) {
    LongBuf out = new LongBuf(ids.length);
    StageValues[] stages = {new StageValues(SynthGains.salt(0), gain), new StageValues(SynthGains.salt(1), gain),
        new StageValues(SynthGains.salt(2), gain)};
    valuesFromObjectsLoop(ids, stages, out);
    return Arrays.copyOf(out.a, out.n);
  }

  /** The loop of {@link #valuesFromObjects}: {@link #perCallLoop}'s, reading its values from fields. */
  private static void valuesFromObjectsLoop(long[] ids, StageValues[] stages, LongBuf out) {
    StageValues v1 = stages[0];
    StageValues v2 = stages[1];
    StageValues v3 = stages[2];
    for (long id : ids) {
      long h1 = SynthGainWorkload.hash(id, v1.salt);
      int n1 = count(h1, v1.gain);
      for (int a = 0; a < n1; a++) {
        long h2 = SynthGainWorkload.hash(h1 + a, v2.salt);
        int n2 = count(h2, v2.gain);
        for (int b = 0; b < n2; b++) {
          long h3 = SynthGainWorkload.hash(h2 + b, v3.salt);
          int n3 = count(h3, v3.gain);
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

  private static int count(long h, float gain) {
    float f = (h >>> 40) * 0x1p-24f;
    int whole = (int) gain;
    return Math.min(Gain.MAX_OUT, whole + (f < gain - whole ? 1 : 0));
  }

  /** One call's pushes, as a loop written by hand would keep them. */
  private static final class Pushes implements LongOut {
    final long[] a = new long[Gain.MAX_OUT];
    int n;

    @Override
    public void push(long item) {
      a[n++] = item;
    }
  }

  /** The example's three {@code Gain} objects, called in nested loops with no pipeline around them. */
  static long[] nodesByHand(long[] ids, Gain[] nodes) {
    LongBuf out = new LongBuf(ids.length);
    nodesByHandLoop(ids, nodes, out);
    return Arrays.copyOf(out.a, out.n);
  }

  /** The loop of {@link #nodesByHand}, its buffer passed in (see {@link #perCallLoop}). */
  private static void nodesByHandLoop(long[] ids, Gain[] nodes, LongBuf out) {
    Gain g1 = nodes[0];
    Gain g2 = nodes[1];
    Gain g3 = nodes[2];
    Pushes p1 = new Pushes();
    Pushes p2 = new Pushes();
    Pushes p3 = new Pushes();
    for (long id : ids) {
      p1.n = 0;
      g1.run(id, p1);
      for (int a = 0; a < p1.n; a++) {
        p2.n = 0;
        g2.run(p1.a[a], p2);
        for (int b = 0; b < p2.n; b++) {
          p3.n = 0;
          g3.run(p2.a[b], p3);
          for (int c = 0; c < p3.n; c++) {
            out.add(p3.a[c]);
          }
        }
      }
    }
  }

  /** A block's items at one stage: a growable {@code long[]} that each stage fills and the next reads. */
  private static final class Block implements LongOut {
    long[] a = new long[64 * Gain.MAX_OUT];
    int n;

    @Override
    public void push(long item) {
      if (n == a.length) {
        a = Arrays.copyOf(a, 2 * n);
      }
      a[n++] = item;
    }
  }

  /**
   * The example's {@code Gain} objects, each stage run over a block of items before the next: 64
   * input items, then all their outputs at stage 2, then at stage 3 (the order of the outputs is the
   * same as depth-first, since each stage keeps its inputs' order).
   */
  static long[] stageAtATime(long[] ids, Gain[] nodes) {
    LongBuf out = new LongBuf(ids.length);
    stageAtATimeLoop(ids, nodes, out);
    return Arrays.copyOf(out.a, out.n);
  }

  /** The loop of {@link #stageAtATime}, its buffer passed in (see {@link #perCallLoop}). */
  private static void stageAtATimeLoop(long[] ids, Gain[] nodes, LongBuf out) {
    Gain g1 = nodes[0];
    Gain g2 = nodes[1];
    Gain g3 = nodes[2];
    Block b1 = new Block();
    Block b2 = new Block();
    LongOut sink = out::add;
    for (int from = 0; from < ids.length; from += 64) {
      int to = Math.min(ids.length, from + 64);
      b1.n = 0;
      for (int i = from; i < to; i++) {
        g1.run(ids[i], b1);
      }
      b2.n = 0;
      for (int i = 0; i < b1.n; i++) {
        g2.run(b1.a[i], b2);
      }
      for (int i = 0; i < b2.n; i++) {
        g3.run(b2.a[i], sink);
      }
    }
  }
}
