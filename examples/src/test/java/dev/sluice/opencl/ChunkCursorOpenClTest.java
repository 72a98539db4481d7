package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameInts;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import org.junit.jupiter.api.Test;

/**
 * Every item once on OpenCL, however large the chunk size set and however many work-groups
 * (outside-in helper-64: with {@code chunkSize(1 << 22).instances(1024)} or {@code chunkSize(1 << 30)
 * .instances(4)}, 100 items came out as 200). The kernel's claims count chunks, so the shared counter
 * cannot wrap round to chunks already claimed ({@code Scheduler.claimedChunk}).
 */
class ChunkCursorOpenClTest {
  @Test
  void largeChunksWithManyWorkGroupsRunEachItemOnce() {
    int[] in = new int[100];
    for (int i = 0; i < in.length; i++) {
      in[i] = i * 7 + 3;
    }
    int[] expected = FlagLoopsPipeline.builder().device(Device.cpu()).build().run(in).out();
    Device cl = OpenClAvailable.device();
    int[][] settings = {{1 << 22, 1024}, {1 << 30, 4}, {(1 << 30) + 1, 5}};
    for (int[] s : settings) {
      assertSameInts(expected, FlagLoopsPipeline.builder().device(cl).chunkSize(s[0]).instances(s[1]).build().run(in)
          .out(), "chunkSize " + s[0] + ", instances " + s[1]);
    }
  }
}
