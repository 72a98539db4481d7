package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameInts;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The boolean {@code ?:} shapes of {@link BooleanConditionals.Shapes} build on OpenCL and give Java's answers there and on the CPU back end. */
class BooleanConditionalsOpenClTest {
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void booleanConditionalsGiveJavasAnswersOnEveryBackEnd(boolean strict) {
    int[] in = new int[1_000];
    for (int i = 0; i < in.length; i++) {
      // small values: the loops' trips grow with them
      in[i] = i < 200 ? i - 60 : (int) ((i * 2_654_435_761L) >>> 9) % 1_000;
    }
    int[] expected = JavaAnswers.of(in, BooleanConditionals.Shapes.SHAPES, new BooleanConditionals.Shapes(strict)::run);
    int[] cpu = ConditionalsPipeline.builder().shapes(() -> new BooleanConditionals.Shapes(strict))
        .device(Device.cpu()).build().run(in).out();
    assertSameInts(expected, cpu, "cpu");
    int[] gpu = ConditionalsPipeline.builder().shapes(() -> new BooleanConditionals.Shapes(strict))
        .device(OpenClAvailable.device()).build().run(in).out();
    assertSameInts(expected, gpu, "opencl");
  }
}
