package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sluice.examples.lineparser.Digits;
import dev.sluice.examples.lineparser.LineParserPipeline;
import dev.sluice.examples.lineparser.Reference;
import dev.sluice.examples.lineparser.SampleText;
import dev.sluice.examples.lineparser.Summarize;
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
    byte[] text = SampleText.generate(new Random(3), 20);
    LineParserPipeline p = LineParserPipeline.builder().digits(() -> new Digits(text))
        .summarize(() -> new Summarize(text)).device(cl).build();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> p.run(Reference.lines(text)));
    assertTrue(e.getMessage().contains("handles signals"), e.getMessage());
  }

  @Test
  void aPipelineWithoutKernelSwitchesToTheCpuWhenBestPickedOpenCl() {
    OpenClAvailable.device();
    Device best = Device.best();
    assumeTrue(best.kind() == Device.Kind.OPENCL && best.automatic(), "Device.best() is not an automatic OpenCL choice here");
    byte[] text = SampleText.generate(new Random(3), 50);
    LineParserPipeline.Result r = LineParserPipeline.builder().digits(() -> new Digits(text))
        .summarize(() -> new Summarize(text)).build().run(Reference.lines(text));
    assertEquals(Reference.summaries(text, Reference.lines(text)).size(), r.summaries().size());
    assertTrue(r.report().device().startsWith("JVM") && r.report().device().contains("instead of OpenCL")
        && r.report().device().contains("handles signals"), r.report().device());
  }
}
