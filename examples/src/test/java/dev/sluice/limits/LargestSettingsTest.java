package dev.sluice.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.plan.PipelinePlan;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The largest settings the processor accepts generate, and run on the CPU back end without an
 * internal error: queues, signal queues and parent buffers at their limits are allocated and used.
 */
class LargestSettingsTest {
  @Test
  void theLargestAcceptedSettingsRunOnTheCpu() {
    PipelinePlan plan = LargestPipeline.PLAN;
    assertEquals(65536, plan.width);
    assertEquals(1 << 24, plan.queueCapacity(plan.stage("inc")));
    assertEquals(1 << 22, plan.signalCapacity);
    assertEquals(1 << 24, plan.regionParentBuffer(1));

    List<Largest.Line> lines = new ArrayList<>();
    List<Integer> expected = new ArrayList<>();
    for (int l = 0; l < 50; l++) {
      int length = (l * 37) % 200;
      lines.add(new Largest.Line(1000 * l, 1000 * l + length));
      for (int i = 0; i < length; i++) {
        expected.add(i + 1);
      }
    }
    LargestPipeline.Result r = LargestPipeline.builder().device(Device.cpu()).instances(1).chunkSize(7)
        .maxSteps(10_000_000).build().run(lines.toArray(new Largest.Line[0]));
    int[] got = r.out().clone();
    java.util.Arrays.sort(got);
    assertEquals(expected.stream().sorted().toList(), java.util.Arrays.stream(got).boxed().toList());
    assertEquals(lines.size(), r.report().stage("chars").itemsIn());
  }

  /**
   * A width past the device's largest work-group: a named OpenCL device refuses the pipeline with the
   * reason, and one that may give way ({@code orCpu()}, as {@code best()} chooses) runs it on the CPU
   * back end (outside-in: both threw an IllegalStateException).
   */
  @Test
  void aWidthTheDeviceCannotHoldGivesWayToTheCpuWhereItMay() {
    Device cl = dev.sluice.runtime.testing.OpenClAvailable.device();
    Largest.Line[] lines = {new Largest.Line(0, 3), new Largest.Line(10, 12)};
    dev.sluice.runtime.DeviceUnavailableException e = org.junit.jupiter.api.Assertions.assertThrows(
        dev.sluice.runtime.DeviceUnavailableException.class,
        () -> LargestPipeline.builder().device(cl).build().run(lines));
    org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("width 65536 is larger than the largest"
        + " work-group of"), e.getMessage());
    LargestPipeline.Result r = LargestPipeline.builder().device(cl.orCpu()).instances(1).build().run(lines);
    int[] got = r.out().clone();
    java.util.Arrays.sort(got);
    assertEquals(List.of(1, 1, 2, 2, 3), java.util.Arrays.stream(got).boxed().toList());
    org.junit.jupiter.api.Assertions.assertTrue(r.report().device().contains("instead of"), r.report().device());
  }
}
