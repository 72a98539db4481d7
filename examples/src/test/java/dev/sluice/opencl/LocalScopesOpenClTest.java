package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameInts;

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
    int[] expected = JavaAnswers.of(in, LocalScopes.Shapes.SHAPES, new LocalScopes.Shapes(TABLE)::run);
    int[] cpu = ScopesPipeline.builder().shapes(() -> new LocalScopes.Shapes(TABLE)).device(Device.cpu()).build()
        .run(in).out();
    assertSameInts(expected, cpu, "cpu");
    int[] gpu = ScopesPipeline.builder().shapes(() -> new LocalScopes.Shapes(TABLE)).device(OpenClAvailable.device())
        .build().run(in).out();
    assertSameInts(expected, gpu, "opencl");
  }
}
