package dev.sluice.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.RunReport;
import dev.sluice.runtime.queue.DataQueue;
import org.junit.jupiter.api.Test;

/**
 * A stage that pushes straight into its sink (the direct executor's {@code Held_s_c} writes into room
 * the sink makes for each call). Past several arrays and a sealed segment, on both CPU executors, the
 * items and the report's counts are the plain loop's; a failure in the middle of a run fails it naming
 * node and item, and the same pipeline object then runs again from a clean start.
 */
class SinkPastSegmentTest {
  /** Inputs enough for more sink items than one segment holds (eight per input). */
  private static final int N = DataQueue.SEGMENT / 8 + 40_000;

  private static void assertRange(SpreadPipeline.Result r, int from, int to, String what) {
    long[] out = r.out();
    assertEquals(8L * (to - from), out.length, what);
    long[] sorted = out.clone();
    java.util.Arrays.sort(sorted);
    for (int i = 0; i < sorted.length; i++) {
      if (sorted[i] != from * 8L + i) {
        assertEquals(from * 8L + i, sorted[i], what + ": item " + i);
      }
    }
    RunReport report = r.report();
    assertEquals(to - from, report.stage("eight").itemsIn(), what);
    assertEquals(8L * (to - from), report.stage("eight").itemsOut(), what);
    assertEquals(8L * (to - from), report.sink("out").items(), what);
  }

  @Test
  void pastASegmentTheItemsAndCountsArePlain() {
    for (Device device : new Device[] {Device.cpu(), Device.cpuScheduled()}) {
      for (int instances = 1; instances <= 2; instances++) {
        SpreadPipeline p = SpreadPipeline.builder().eight(() -> new Spread.Eight(-1)).device(device)
            .instances(instances).build();
        String what = device.kind() + " instances=" + instances;
        assertRange(p.runRange(0, N), 0, N, what);
        // one input per chunk: a loop of one call each time
        assertRange(SpreadPipeline.builder().eight(() -> new Spread.Eight(-1)).device(device).instances(instances)
            .chunkSize(1).build().runRange(5, 3_005), 5, 3_005, what + " chunk=1");
      }
    }
  }

  @Test
  void aFailureInTheLoopNamesItsItemAndThePipelineRunsAgain() {
    int failAt = N - 7;
    int[] factoryCalls = {0};
    // the first run's object fails at failAt; every later one at no input
    SpreadPipeline p = SpreadPipeline.builder()
        .eight(() -> new Spread.Eight(factoryCalls[0]++ == 0 ? failAt : -1))
        .device(Device.cpu()).instances(1).build();
    PipelineException e = assertThrows(PipelineException.class, () -> p.runRange(0, N));
    assertEquals("eight", e.node());
    assertEquals(String.valueOf(failAt), e.item());
    assertRange(p.runRange(0, N), 0, N, "the run after the failure");
  }
}
