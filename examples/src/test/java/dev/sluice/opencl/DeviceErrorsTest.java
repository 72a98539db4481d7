package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.DeviceUnavailableException;
import dev.sluice.runtime.MaxExceededException;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.testing.OpenClAvailable;
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

  /** A device number past the last says how many there are, each by the name that picks it. */
  @Test
  void aMissingDeviceNumberListsTheDevices() {
    OpenClAvailable.device();
    // a number past the last is a device that is not there, as gpu() without a GPU is; a negative one no name
    DeviceUnavailableException e = assertThrows(DeviceUnavailableException.class, () -> Device.opencl(99));
    assertTrue(e.getMessage().matches("no OpenCL device 99; this machine has \\d+ OpenCL devices?: opencl:0 = .*"),
        e.getMessage());
    assertThrows(DeviceUnavailableException.class, () -> Device.named("opencl:99"));
    IllegalArgumentException negative = assertThrows(IllegalArgumentException.class, () -> Device.opencl(-1));
    assertEquals("no OpenCL device -1: devices are numbered from 0", negative.getMessage());
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
    assertTrue(gpu.getMessage().contains("pushed more than @Max(1) items to channel 'out' in one call"), gpu.getMessage());
    assertTrue(gpu.getMessage().contains(cl.name()), gpu.getMessage());
    // the same cause on both (outside-in: the device's had none)
    assertEquals(MaxExceededException.class, cpu.getCause().getClass());
    assertEquals(cpu.getCause().getClass(), gpu.getCause().getClass());
    assertEquals(cpu.getCause().getMessage(), gpu.getCause().getMessage());
    // the pipeline object stays usable
    int[] good = upTo(700);
    assertEquals(700, OverpushPipeline.builder().device(cl).build().run(good).out().length);
  }

  @Test
  void aHandlerPushBeyondMaxNamesNodeAndSignalLikeTheCpu() {
    // handlers run on lane 0 inside the scheduling step: their errors must still come back the same
    Device cl = OpenClAvailable.device();
    RegionNodes.Doc[] docs = new RegionNodes.Doc[40];
    for (int i = 0; i < docs.length; i++) {
      docs[i] = new RegionNodes.Doc(i, 1 + i % 5);
    }
    PipelineException gpu = assertThrows(PipelineException.class,
        () -> HandlerOverpushPipeline.builder().device(cl).build().run(docs));
    PipelineException cpu = assertThrows(PipelineException.class,
        () -> HandlerOverpushPipeline.builder().device(Device.cpu()).build().run(docs));
    assertEquals("perDoc", gpu.node());
    assertEquals(cpu.node(), gpu.node());
    assertEquals(cpu.item(), gpu.item());
    assertTrue(gpu.item().contains("END"), gpu.item());
    assertTrue(gpu.getMessage().contains("@Max(1)") && gpu.getMessage().contains(cl.name()), gpu.getMessage());
    // without the bad document both back ends give one id per document
    RegionNodes.Doc[] good = java.util.Arrays.copyOf(docs, 13);
    int[] ids = HandlerOverpushPipeline.builder().device(cl).build().run(good).out();
    java.util.Arrays.sort(ids);
    assertEquals(13, ids.length);
    for (int i = 0; i < ids.length; i++) {
      assertEquals(i, ids[i]);
    }
  }

  @Test
  void stepBoundIsAnError() {
    Device cl = OpenClAvailable.device();
    // two work-groups: with the device's default (4 per compute unit, 528 on an H200) 700 items gave
    // each group two or three firings and the bound was never reached
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> OverpushPipeline.builder().device(cl).instances(2).maxSteps(3).build().run(upTo(700)));
    assertTrue(e.getMessage().contains("exceeded 3 firings"), e.getMessage());
  }

  /** Which pipelines an OpenCL device can run is a static query a test picks its devices by. */
  @Test
  void hasKernelSaysWhetherThePipelineHasOne() {
    org.junit.jupiter.api.Assertions.assertFalse(CpuOnlyPipeline.hasKernel(), "@Pipeline(gpu = false)");
    assertTrue(OverpushPipeline.hasKernel());
  }

  @Test
  void aPipelineWithoutKernelFailsOnANamedOpenClDevice() {
    Device cl = OpenClAvailable.device();
    CpuOnlyPipeline p = CpuOnlyPipeline.builder().device(cl).build();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> p.run(upTo(100)));
    assertTrue(e.getMessage().contains("@Pipeline(gpu = false) keeps it on the CPU back end"), e.getMessage());
  }

  @Test
  void aPipelineWithoutKernelSwitchesToTheCpuOnAnAutomaticOpenClChoice() {
    // an automatic choice (Device.best() on a GPU; orCpu() here, where best() is the CPU back end)
    Device automatic = OpenClAvailable.device().orCpu();
    CpuOnlyPipeline.Result r = CpuOnlyPipeline.builder().device(automatic).build().run(upTo(100));
    assertEquals(100, r.out().length);
    assertTrue(r.report().device().startsWith("JVM") && r.report().device().contains("instead of OpenCL")
        && r.report().device().contains("gpu = false"), r.report().device());
  }

  @Test
  void aSecondRaiseFromOneItemNamesNodeAndItemLikeTheCpu() {
    Device cl = OpenClAvailable.device();
    int[] in = upTo(2_000);
    PipelineException gpu = assertThrows(PipelineException.class,
        () -> RaiseThricePipeline.builder().device(cl).build().run(in));
    PipelineException cpu = assertThrows(PipelineException.class,
        () -> RaiseThricePipeline.builder().device(Device.cpu()).build().run(in));
    assertEquals("thrice", gpu.node());
    assertEquals(cpu.node(), gpu.node());
    assertEquals(cpu.item(), gpu.item());
    assertEquals("1234", gpu.item());
    assertTrue(gpu.getMessage().contains("raised more than MAX_SIGNALS_PER_VEC = 2 signals for one item"), gpu.getMessage());
    assertEquals(IllegalStateException.class, gpu.getCause().getClass());
    assertEquals(cpu.getCause().getMessage(), gpu.getCause().getMessage());
  }
}
