package dev.sluice.examples.synthgain;

import static dev.sluice.examples.Multisets.assertSameLongs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.examples.Multisets;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunReport;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SynthGainTest {
  static long[] input(int n) {
    Random r = new Random(2024);
    long[] a = new long[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.nextLong();
    }
    return a;
  }

  static void assertConserved(RunReport r, int inputs, long[] items, String what) {
    assertEquals(inputs, r.stage("ids").itemsOut(), what);
    assertEquals(r.stage("ids").itemsOut(), r.stage("stage1").itemsIn(), what);
    assertEquals(r.stage("stage1").itemsOut(), r.stage("stage2").itemsIn(), what);
    assertEquals(r.stage("stage2").itemsOut(), r.stage("stage3").itemsIn(), what);
    assertEquals(r.stage("stage3").itemsOut(), r.sink("items").items(), what);
    assertEquals(items.length, r.sink("items").items(), what);
  }

  @Test
  void referenceGainIsNearTheAverage() {
    long[] in = input(20_000);
    for (float gain : new float[] {0.1f, 0.5f, 1f, 2.5f}) {
      double measured = Reference.expand(in, gain, 99).length / (double) in.length;
      assertTrue(Math.abs(measured - gain) < 0.02, "gain " + gain + " measured " + measured);
    }
  }

  /** A result printed in a log line: a primitive sink's size. */
  @Test
  void resultPrintsSinkSize() {
    long[] in = input(1_000);
    SynthGainPipeline.Result r = SynthGains.builder(1f).device(Device.cpu()).build().run(in);
    assertEquals("SynthGainPipeline.Result[items: " + Reference.items(in, 1f).length + " items]", r.toString());
  }

  @Test
  void benchmarkGainsMatchReference() {
    for (float gain : SynthGains.BENCHMARK_GAINS) {
      // gain 4 multiplies by 64 over three stages: keep the input smaller there
      for (int n : new int[] {0, gain > 1 ? 300 : 3_000}) {
        long[] in = input(n);
        long[] expected = Reference.items(in, gain);
        for (int instances = 1; instances <= 2; instances++) {
          for (int chunk : Multisets.CHUNKS) {
            String what = "gain=" + gain + " n=" + n + " instances=" + instances + " chunk=" + chunk;
            SynthGainPipeline.Result res = SynthGains.builder(gain).instances(instances).chunkSize(chunk)
                .maxSteps(10_000_000).device(Device.cpu()).build().run(in);
            assertSameLongs(expected, res.items(), what);
            assertConserved(res.report(), n, res.items(), what);
          }
        }
      }
    }
  }

  /** More sink items than a sink buffer's segment holds, on one instance: its array is sealed and a new one begun. */
  @Test
  void aSinkPastOneSegmentMatchesReference() {
    int n = dev.sluice.runtime.queue.DataQueue.SEGMENT + 50_000;
    SynthGainPipeline p = SynthGains.builder(1f).instances(1).device(Device.cpu()).build();
    for (int run = 0; run < 2; run++) {
      // the second run's sink buffer starts at the first run's size (SinkStarts)
      SynthGainPipeline.Result res = p.runRange(0, n);
      long[] expected = Reference.itemsOfRange(0, n, 1f);
      assertTrue(expected.length > dev.sluice.runtime.queue.DataQueue.SEGMENT, "past a segment: " + expected.length);
      assertSameLongs(expected, res.items(), "run " + run);
      assertConserved(res.report(), n, res.items(), "run " + run);
    }
  }

  @Test
  void unevenGainsAndRangeInput() {
    SynthGainPipeline p = SynthGainPipeline.builder()
        .stage1(() -> new Gain(2.5f, SynthGains.salt(0)))
        .stage2(() -> new Gain(0.3f, SynthGains.salt(1)))
        .stage3(() -> new Gain(7.9f, SynthGains.salt(2)))
        .instances(2).chunkSize(33).device(Device.cpu()).build();
    long[] in = new long[2_000];
    for (int i = 0; i < in.length; i++) {
      in[i] = 500 + i;
    }
    long[] expected = Reference.expand(Reference.expand(Reference.expand(in, 2.5f, SynthGains.salt(0)), 0.3f,
        SynthGains.salt(1)), 7.9f, SynthGains.salt(2));
    SynthGainPipeline.Result res = p.runRange(500, 2_500);
    assertSameLongs(expected, res.items(), "uneven gains");
    assertConserved(res.report(), in.length, res.items(), "uneven gains");
    assertSameLongs(Reference.itemsOfRange(500, 2_500, 1f), SynthGains.builder(1f).instances(2).chunkSize(33)
        .device(Device.cpu()).build().runRange(500, 2_500).items(), "range gain 1");
  }

  @Test
  void chunkedInputMatchesReference() {
    long[] in = input(1_500);
    java.util.List<long[]> parts = java.util.List.of(java.util.Arrays.copyOfRange(in, 0, 1), new long[0],
        java.util.Arrays.copyOfRange(in, 1, 900), java.util.Arrays.copyOfRange(in, 900, in.length));
    SynthGainPipeline.Result res = SynthGains.builder(1.5f).instances(2).chunkSize(100).device(Device.cpu())
        .build().runChunks(parts.iterator());
    assertSameLongs(Reference.items(in, 1.5f), res.items(), "chunks");
    assertConserved(res.report(), in.length, res.items(), "chunks");
  }

  @Test
  void gainAboveMaxIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> new Gain(Gain.MAX_OUT + 1, 0));
  }

  @Test
  void tinySettingsMatchReference() {
    tinySettingsMatchReference(Device.cpu());
  }

  /** Width 2, one-run queues: every producer fills its child's queue at once. */
  static void tinySettingsMatchReference(Device device) {
    for (float gain : SynthGains.BENCHMARK_GAINS) {
      for (int n : new int[] {0, gain > 1 ? 100 : 1_000}) {
        long[] in = input(n);
        long[] expected = Reference.items(in, gain);
        for (int instances = 1; instances <= 2; instances++) {
          for (int chunk : Multisets.CHUNKS) {
            String what = device.kind() + " tiny gain=" + gain + " n=" + n + " instances=" + instances + " chunk=" + chunk;
            TinySynthGainPipeline.Result res = TinySynthGainPipeline.builder()
                .stage1(() -> new Gain(gain, SynthGains.salt(0)))
                .stage2(() -> new Gain(gain, SynthGains.salt(1)))
                .stage3(() -> new Gain(gain, SynthGains.salt(2)))
                .instances(instances).chunkSize(chunk).maxSteps(10_000_000).device(device).build().run(in);
            assertSameLongs(expected, res.items(), what);
            assertConserved(res.report(), n, res.items(), what);
          }
        }
      }
    }
  }
}
