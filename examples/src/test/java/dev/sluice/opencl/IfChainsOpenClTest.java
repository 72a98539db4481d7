package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameInts;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import org.junit.jupiter.api.Test;

/** The chains and loops of {@link IfChains.Shapes} build on OpenCL and give Java's answers there and on the CPU back end. */
class IfChainsOpenClTest {
  @Test
  void elseIfChainsWithOpenIfsGiveJavasAnswersOnEveryBackEnd() {
    int[] in = new int[2_000];
    for (int i = 0; i < in.length; i++) {
      in[i] = i < 1_000 ? i - 40 : (int) ((i * 2_654_435_761L) >>> 7);
    }
    int[] expected = JavaAnswers.of(in, IfChains.Shapes.SHAPES, new IfChains.Shapes()::run);
    int[] cpu = ChainsPipeline.builder().device(Device.cpu()).build().run(in).out();
    assertSameInts(expected, cpu, "cpu");
    int[] gpu = ChainsPipeline.builder().device(OpenClAvailable.device()).build().run(in).out();
    assertSameInts(expected, gpu, "opencl");
  }
}
