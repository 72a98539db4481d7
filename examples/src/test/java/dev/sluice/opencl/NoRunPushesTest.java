package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameInts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunReport;
import dev.sluice.runtime.testing.OpenClAvailable;
import org.junit.jupiter.api.Test;

/**
 * Pipelines in which no node pushes from {@code run} (only the source and enumerators move items, or
 * a node pushes from a handler alone) build a kernel on the device and give the CPU's multisets. Each
 * run must have happened on the OpenCL device, not on the CPU the automatic choice falls back to.
 */
class NoRunPushesTest {
  private static final int N = 3_000;

  private static int[] upTo(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    return a;
  }

  private static void ranOn(Device cl, RunReport report) {
    assertEquals(cl.name(), report.device(), "the run report's device");
  }

  @Test
  void sourceToSink() {
    Device cl = OpenClAvailable.device();
    var gpu = SourceToSinkPipeline.builder().device(cl).build().run(upTo(N));
    var cpu = SourceToSinkPipeline.builder().device(Device.cpu()).build().run(upTo(N));
    ranOn(cl, gpu.report());
    assertEquals(N, cpu.out().length);
    assertSameInts(cpu.out(), gpu.out(), "source -> sink");
    // an index range never crosses the bus as an array
    assertSameInts(cpu.out(), SourceToSinkPipeline.builder().device(cl).build().runRange(0, N).out(), "range");
  }

  @Test
  void sourceToEnumeratorToSink() {
    Device cl = OpenClAvailable.device();
    var gpu = EnumeratedPipeline.builder().device(cl).build().run(upTo(N));
    var cpu = EnumeratedPipeline.builder().device(Device.cpu()).build().run(upTo(N));
    ranOn(cl, gpu.report());
    assertTrue(cpu.out().length > N, "each x gives x % 5 elements: " + cpu.out().length);
    assertSameInts(cpu.out(), gpu.out(), "source -> enumerator -> sink");
  }

  @Test
  void twoEnumeratorsInARow() {
    Device cl = OpenClAvailable.device();
    var gpu = EnumeratedTwicePipeline.builder().device(cl).build().run(upTo(N));
    var cpu = EnumeratedTwicePipeline.builder().device(Device.cpu()).build().run(upTo(N));
    ranOn(cl, gpu.report());
    assertTrue(cpu.out().length > 0);
    assertSameInts(cpu.out(), gpu.out(), "source -> enumerator -> enumerator -> sink");
  }

  @Test
  void threeNestedEnumeratorsWithASinkOnTheFirst() {
    Device cl = OpenClAvailable.device();
    var gpu = EnumeratedThriceWithASinkPipeline.builder().device(cl).build().run(upTo(N));
    var cpu = EnumeratedThriceWithASinkPipeline.builder().device(Device.cpu()).build().run(upTo(N));
    ranOn(cl, gpu.report());
    assertTrue(cpu.out().length > 0);
    assertSameInts(cpu.tap(), gpu.tap(), "tap");
    assertSameInts(cpu.out(), gpu.out(), "three enumerators");
  }

  @Test
  void aSinkFedByTheSourceBesideANode() {
    Device cl = OpenClAvailable.device();
    var gpu = SourceToSinkAndNodePipeline.builder().device(cl).build().run(upTo(N));
    var cpu = SourceToSinkAndNodePipeline.builder().device(Device.cpu()).build().run(upTo(N));
    ranOn(cl, gpu.report());
    assertSameInts(cpu.direct(), gpu.direct(), "direct");
    assertSameInts(cpu.tripled(), gpu.tripled(), "tripled");
  }

  @Test
  void aNodeThatPushesOnlyFromItsHandler() {
    Device cl = OpenClAvailable.device();
    var gpu = HandlerPushesOnlyPipeline.builder().device(cl).build().run(upTo(N));
    var cpu = HandlerPushesOnlyPipeline.builder().device(Device.cpu()).build().run(upTo(N));
    ranOn(cl, gpu.report());
    assertTrue(cpu.out().length > 0);
    assertSameInts(cpu.out(), gpu.out(), "pushes from END only");
  }

  @Test
  void theAutomaticChoiceKeepsThemOnTheDevice() {
    // an automatic choice (Device.best() on a GPU; orCpu() here, where best() is the CPU back end)
    Device cl = OpenClAvailable.device().orCpu();
    // before the fix these moved to the CPU with a warning; the report named "JVM ... instead of OpenCL"
    ranOn(cl, SourceToSinkPipeline.builder().device(cl).build().run(upTo(N)).report());
    ranOn(cl, EnumeratedPipeline.builder().device(cl).build().run(upTo(N)).report());
    ranOn(cl, EnumeratedTwicePipeline.builder().device(cl).build().run(upTo(N)).report());
  }
}
