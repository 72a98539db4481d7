package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sluice.examples.signals.Event;
import dev.sluice.examples.signals.Reference;
import dev.sluice.examples.signals.Scale;
import dev.sluice.examples.signals.WindowsPipeline;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Failures on the device come back as the CPU back end's exceptions, naming node and item; a pipeline
 * without a kernel is an error on a named OpenCL device.
 */
class DeviceErrorsTest {
  private static int[] upTo(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    return a;
  }

  @Test
  void pushBeyondMaxNamesNodeAndItemLikeTheCpu() {
    Device cl = OpenClAvailable.device();
    int[] in = upTo(5_000);
    PipelineException gpu = assertThrows(PipelineException.class,
        () -> OverpushPipeline.builder().device(cl).build().run(in));
    PipelineException cpu = assertThrows(PipelineException.class,
        () -> OverpushPipeline.builder().device(Device.cpu()).build().run(in));
    assertEquals("twice", gpu.node());
    assertEquals("777", gpu.item());
    assertEquals(cpu.node(), gpu.node());
    assertEquals(cpu.item(), gpu.item());
    assertTrue(gpu.getMessage().contains("pushed more than @Max(1) items to channel 'out' for one input"), gpu.getMessage());
    assertTrue(gpu.getMessage().contains(cl.name()), gpu.getMessage());
    // the pipeline object stays usable
    int[] good = upTo(700);
    assertEquals(700, OverpushPipeline.builder().device(cl).build().run(good).out().length);
  }

  @Test
  void stepBoundIsAnError() {
    Device cl = OpenClAvailable.device();
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> OverpushPipeline.builder().device(cl).maxSteps(3).build().run(upTo(700)));
    assertTrue(e.getMessage().contains("exceeded 3 firings"), e.getMessage());
  }

  @Test
  void aPipelineWithoutKernelFailsOnANamedOpenClDevice() {
    Device cl = OpenClAvailable.device();
    Event[] events = Reference.unevenEvents(new Random(5), 20, 20);
    WindowsPipeline p = WindowsPipeline.builder().scale(() -> new Scale(3)).device(cl).build();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> p.run(events));
    assertTrue(e.getMessage().contains("takes Raise<WindowEnd>"), e.getMessage());
  }

  @Test
  void aPipelineWithoutKernelSwitchesToTheCpuWhenBestPickedOpenCl() {
    OpenClAvailable.device();
    Device best = Device.best();
    assumeTrue(best.kind() == Device.Kind.OPENCL && best.automatic(), "Device.best() is not an automatic OpenCL choice here");
    Event[] events = Reference.unevenEvents(new Random(5), 50, 20);
    WindowsPipeline.Result r = WindowsPipeline.builder().scale(() -> new Scale(3)).build().run(events);
    assertEquals(Reference.totals(events, 3).size(), r.totals().size());
    assertTrue(r.report().device().startsWith("JVM") && r.report().device().contains("instead of OpenCL")
        && r.report().device().contains("takes Raise<WindowEnd>"), r.report().device());
  }
}
