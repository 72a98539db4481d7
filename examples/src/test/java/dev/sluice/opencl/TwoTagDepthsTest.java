package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each handler gets its own tag's payload, on every back end ({@link TwoTagDepths}). */
class TwoTagDepthsTest {
  private static final int ITEMS = 3_000;

  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void eachWindowEndArrivesWithItsOwnPayload(String name) {
    Device device = OpenClAvailable.named(name);
    for (int window : new int[] {4, 5, 10, 100}) {
      // one instance and one chunk: the windows close in order
      TwoTagDepthsPipeline.Result r = TwoTagDepthsPipeline.builder().raiser(() -> new TwoTagDepths.Raiser(window))
          .device(device).instances(1).chunkSize(ITEMS).build().runRange(0, ITEMS);
      List<TwoTagDepths.Closed> want = IntStream.range(0, ITEMS / window).mapToObj(TwoTagDepths.Closed::new).toList();
      assertEquals(want, r.closed(), name + ", windows of " + window);
      assertEquals((long) ITEMS * (ITEMS - 1) / 2, r.ticksTicks(), name + ", windows of " + window);
    }
  }
}
