package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The protocol's bound of two signals per item counts every tag the node raises ({@link RaiseAcrossTags}). */
class RaiseAcrossTagsTest {
  private static final int ITEMS = 2_000;

  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void twoSignalsOfTwoTagsFromOneItemAreDelivered(String name) {
    int[] out = pipeline(name, -1).runRange(0, ITEMS).out();
    Arrays.sort(out);
    int[] want = IntStream.concat(IntStream.range(0, ITEMS),
        IntStream.range(0, ITEMS).filter(x -> x % 100 == 0).flatMap(x -> IntStream.of(-x, -x - 1))).sorted().toArray();
    assertArrayEquals(want, out, name);
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void aThirdSignalFromOneItemFailsThoughItsTagHasRaisedOnlyTwice(String name) {
    PipelineException e = assertThrows(PipelineException.class, () -> pipeline(name, 1234).runRange(0, ITEMS), name);
    assertEquals("raiser", e.node(), name);
    assertEquals("1234", e.item(), name);
    assertTrue(e.getMessage().contains("raised more than MAX_SIGNALS_PER_VEC = 2 signals for one item"), e.getMessage());
  }

  private static RaiseAcrossTagsPipeline pipeline(String name, int bad) {
    return RaiseAcrossTagsPipeline.builder().raiser(() -> new RaiseAcrossTags.Raiser(bad))
        .device(OpenClAvailable.named(name)).build();
  }
}
