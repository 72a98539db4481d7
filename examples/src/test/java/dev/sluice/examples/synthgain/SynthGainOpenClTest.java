package dev.sluice.examples.synthgain;

import static dev.sluice.examples.Multisets.assertSameLongs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import org.junit.jupiter.api.Test;

/** SynthGain on the OpenCL back end: the same multiset as the CPU back end and the reference. */
class SynthGainOpenClTest {
  @Test
  void benchmarkGainsMatchCpu() {
    Device cl = OpenClAvailable.device();
    for (float gain : SynthGains.BENCHMARK_GAINS) {
      for (int n : new int[] {0, 1, gain > 1 ? 300 : 5_000}) {
        long[] in = SynthGainTest.input(n);
        for (int chunk : new int[] {7, 1 << 14}) {
          String what = "gain=" + gain + " n=" + n + " chunk=" + chunk;
          SynthGainPipeline.Result gpu = SynthGains.builder(gain).chunkSize(chunk).device(cl).build().run(in);
          SynthGainPipeline.Result cpu = SynthGains.builder(gain).chunkSize(chunk).device(Device.cpu()).build().run(in);
          assertSameLongs(cpu.items(), gpu.items(), what);
          assertSameLongs(Reference.items(in, gain), gpu.items(), what);
          SynthGainTest.assertConserved(gpu.report(), n, gpu.items(), what);
          assertTrue(gpu.report().device().startsWith("OpenCL"), gpu.report().device());
        }
      }
    }
  }

  @Test
  void ranOnTheOpenClDevice() {
    Device cl = OpenClAvailable.device();
    SynthGainPipeline.Result r = SynthGains.builder(1f).device(cl).build().runRange(0, 10_000);
    assertEquals(cl.name(), r.report().device(), "the report names the OpenCL device, not the JVM");
    assertSameLongs(Reference.itemsOfRange(0, 10_000, 1f), r.items(), "range");
  }

  @Test
  void tinySettingsMatchReference() {
    // width 2 and one-run queues on the device: every FULL, flush and partial-run path of the kernel
    SynthGainTest.tinySettingsMatchReference(OpenClAvailable.device());
  }
}
