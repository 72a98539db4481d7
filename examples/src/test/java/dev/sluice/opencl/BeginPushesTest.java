package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameInts;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a BEGIN handler pushes reaches the next node of the region after that node's own BEGIN, on
 * every back end ({@link BeginPushes}). Before BEGIN was passed on ahead of its handler, the direct
 * executor stamped the mark with the previous parent, the queued scheduler read parent slot -1, and
 * the kernel read whatever that slot held.
 */
class BeginPushesTest {
  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void aBeginHandlersPushesAreTheNewParentsData(String device) {
    int[] parents = new int[2_000];
    for (int i = 0; i < parents.length; i++) {
      parents[i] = (i * 37) % 501;
    }
    int[] expected = Arrays.stream(parents).flatMap(p -> java.util.stream.IntStream.concat(
        java.util.stream.IntStream.of(p * 100_000 + BeginPushes.Mark.MARK + p),
        java.util.stream.IntStream.range(0, p % 4).map(i -> p * 100_000 + i))).toArray();
    Device d = OpenClAvailable.named(device);
    int[] got = BeginPushesPipeline.builder().device(d).instances(2).chunkSize(64).maxSteps(10_000_000L).build()
        .run(parents).out();
    assertSameInts(expected, got, device);
  }
}
