package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameInts;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.IntOut;
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
    BooleanConditionals.Shapes node = new BooleanConditionals.Shapes(strict);
    int[] expected = new int[in.length * BooleanConditionals.Shapes.SHAPES];
    int[] n = {0};
    IntOut collect = v -> expected[n[0]++] = v;
    for (int x : in) {
      node.run(x, collect);
    }
    assertEquals(expected.length, n[0], "every shape pushes once per item");
    int[] cpu = ConditionalsPipeline.builder().shapes(() -> new BooleanConditionals.Shapes(strict))
        .device(Device.cpu()).build().run(in).out();
    assertSameInts(expected, cpu, "cpu");
    int[] gpu = ConditionalsPipeline.builder().shapes(() -> new BooleanConditionals.Shapes(strict))
        .device(OpenClAvailable.device()).build().run(in).out();
    assertSameInts(expected, gpu, "opencl");
  }
}
