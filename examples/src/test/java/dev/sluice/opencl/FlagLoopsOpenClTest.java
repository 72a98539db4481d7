package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameInts;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import org.junit.jupiter.api.Test;

/**
 * {@link FlagLoops} on OpenCL gives Java's answers. Before, its {@code while (true)} helper did not
 * build ("CodeGenException: goto"), and on PoCL 3.1 the {@code break} came one iteration late for
 * a sixteenth of the items (x & 31 of 14 or 30), until Sluice chose PoCL's unvectorized work-group
 * loops ({@code PoclEnvironment}).
 */
class FlagLoopsOpenClTest {
  @Test
  void breaksAndReturnsLeaveLoopsAsInJava() {
    int[] in = new int[1024];
    int[] expected = new int[in.length];
    int[] signs = {3, 1, -4, 1, 5, -9, 2, 6, 5, -3, 5, 8, 9, 7, -9, 3};
    for (int i = 0; i < in.length; i++) {
      int x = i * 7 + 3;
      in[i] = x;
      int y = x * 64 + (x & 31) + 1;
      int from = (y >> 6) & 15;
      int k = from;
      while (k < signs.length && signs[k] >= 0) {
        k++;
      }
      expected[i] = y * 32 + (k < signs.length ? k : -1) + 1;
    }
    assertSameInts(expected, FlagLoopsPipeline.builder().device(Device.cpu()).build().run(in).out(), "cpu");
    assertSameInts(expected, FlagLoopsPipeline.builder().device(OpenClAvailable.device()).build().run(in).out(),
        "opencl");
  }
}
