package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameInts;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.IntOut;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import org.junit.jupiter.api.Test;

/**
 * Locals of the same name in scopes side by side ({@link LocalScopes.Shapes}) build on OpenCL and
 * give Java's answers there and on the CPU back end.
 */
class LocalScopesOpenClTest {
  private static final int[] TABLE = {3, 8, 9, 15, 40, 41, 100, 256, 999};

  @Test
  void sameNamesInScopesSideBySideGiveJavasAnswersOnEveryBackEnd() {
    int[] in = new int[3_000];
    for (int i = 0; i < in.length; i++) {
      in[i] = i < 1_500 ? i - 20 : (int) ((i * 2_654_435_761L) >>> 9);
    }
    LocalScopes.Shapes node = new LocalScopes.Shapes(TABLE);
    int[] expected = new int[in.length * LocalScopes.Shapes.SHAPES];
    int[] n = {0};
    IntOut collect = v -> expected[n[0]++] = v;
    for (int x : in) {
      node.run(x, collect);
    }
    assertEquals(expected.length, n[0], "every shape pushes once per item");
    int[] cpu = ScopesPipeline.builder().shapes(() -> new LocalScopes.Shapes(TABLE)).device(Device.cpu()).build()
        .run(in).out();
    assertSameInts(expected, cpu, "cpu");
    int[] gpu = ScopesPipeline.builder().shapes(() -> new LocalScopes.Shapes(TABLE)).device(OpenClAvailable.device())
        .build().run(in).out();
    assertSameInts(expected, gpu, "opencl");
  }
}
