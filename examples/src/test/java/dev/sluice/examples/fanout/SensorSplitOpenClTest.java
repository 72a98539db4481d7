package dev.sluice.examples.fanout;

import static dev.sluice.examples.Multisets.assertSameFloats;
import static dev.sluice.examples.Multisets.assertSameItems;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import org.junit.jupiter.api.Test;

/**
 * Fan-out with a broadcast, record items as columns, {@code @Param} arrays and two reductions on the
 * OpenCL back end, against the CPU back end and the reference.
 */
class SensorSplitOpenClTest {
  private static SensorSplitPipeline pipeline(Device device, int groups, int chunk) {
    return SensorSplitPipeline.builder()
        .classify(() -> new Classify(SensorSplitTest.LOW, SensorSplitTest.HIGH))
        .calibrate(() -> new Calibrate(SensorSplitTest.SCALE, SensorSplitTest.OFFSET))
        .instances(groups).chunkSize(chunk).device(device).build();
  }

  @Test
  void matchesCpuAndReference() {
    Device cl = OpenClAvailable.device();
    for (int n : new int[] {0, 1, 4_000}) {
      Reading[] in = SensorSplitTest.input(n);
      Reference.Split expected = Reference.split(in, SensorSplitTest.LOW, SensorSplitTest.HIGH, SensorSplitTest.SCALE,
          SensorSplitTest.OFFSET);
      for (int groups : new int[] {0, 3}) {
        for (int chunk : new int[] {7, 1 << 14}) {
          String what = "n=" + n + " groups=" + groups + " chunk=" + chunk;
          SensorSplitPipeline.Result gpu = pipeline(cl, groups, chunk).run(in);
          SensorSplitPipeline.Result cpu = pipeline(Device.cpu(), 0, chunk).run(in);
          assertSameItems(cpu.accepted(), gpu.accepted(), what);
          assertSameItems(cpu.rejected(), gpu.rejected(), what);
          assertEquals(cpu.classifyAcceptedCount(), gpu.classifyAcceptedCount(), what);
          assertEquals(cpu.classifyMaxAccepted(), gpu.classifyMaxAccepted(), what);
          // calibrate computes value * scale + offset: the device may fuse it into one FMA (one rounding)
          assertSameFloats(expected.calibrated(), gpu.calibrated(), 1e-5, what + " calibrated");
          SensorSplitTest.check(expected, gpu.accepted(), gpu.rejected(), cpu.calibrated(), gpu.classifyAcceptedCount(),
              gpu.classifyMaxAccepted(), gpu.report(), n, what);
        }
      }
    }
  }

  @Test
  void columnsMatchRecords() {
    Device cl = OpenClAvailable.device();
    Reading[] in = SensorSplitTest.input(3_000);
    int[] sensor = new int[in.length];
    float[] value = new float[in.length];
    for (int i = 0; i < in.length; i++) {
      sensor[i] = in[i].sensor();
      value[i] = in[i].value();
    }
    SensorSplitPipeline p = pipeline(cl, 0, 100);
    SensorSplitPipeline.Result a = p.run(in);
    SensorSplitPipeline.Result b = p.runColumns(sensor, value);
    assertSameItems(a.accepted(), b.accepted(), "columns");
    assertSameItems(a.rejected(), b.rejected(), "columns");
    assertEquals(a.classifyAcceptedCount(), b.classifyAcceptedCount());
  }

  @Test
  void ranOnTheOpenClDevice() {
    Device cl = OpenClAvailable.device();
    SensorSplitPipeline.Result r = pipeline(cl, 0, 1 << 14).run(SensorSplitTest.input(500));
    assertEquals(cl.name(), r.report().device(), "the report names the OpenCL device, not the JVM");
  }

  @Test
  void tinySettingsMatchReference() {
    // width 2 and one-run queues on the device: every FULL, flush and partial-run path of the kernel
    SensorSplitTest.tinySettingsMatchReference(OpenClAvailable.device(), 1e-5);
  }
}
