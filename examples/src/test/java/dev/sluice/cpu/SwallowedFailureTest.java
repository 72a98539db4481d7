package dev.sluice.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.PipelineException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A node's failure is the run's outcome even where node code upstream catches it on its way: both
 * CPU executors fail the run with it (the direct executor returned a result without the item).
 */
class SwallowedFailureTest {
  @AfterEach
  void reset() {
    Swallow.Failing.mode = 0;
    Swallow.Catching.rethrow = false;
  }

  @ParameterizedTest
  @CsvSource({"false, 0, 100", "true, 0, 100", "false, 1, signal Mark[at=200]", "true, 1, signal Mark[at=200]"})
  void aFailureCaughtAroundRaiseStillFailsTheRun(boolean scheduled, int mode, String item) {
    Swallow.Failing.mode = mode;
    SwallowPipeline p = SwallowPipeline.builder().device(scheduled ? Device.cpuScheduled() : Device.cpu())
        .instances(1).build();
    PipelineException e = assertThrows(PipelineException.class, () -> p.runRange(0, 1000));
    assertEquals("failing", e.node());
    assertEquals(item, e.item());
    assertEquals(IllegalStateException.class, e.getCause().getClass());
  }

  /** Wrapped and thrown again, the first failure is still the outcome, with no loop of causes. */
  @ParameterizedTest
  @CsvSource({"false", "true"})
  void aFailureWrappedAroundRaiseIsStillTheFirst(boolean scheduled) {
    Swallow.Catching.rethrow = true;
    SwallowPipeline p = SwallowPipeline.builder().device(scheduled ? Device.cpuScheduled() : Device.cpu())
        .instances(1).build();
    PipelineException e = assertThrows(PipelineException.class, () -> p.runRange(0, 1000));
    assertEquals("failing", e.node());
    assertEquals("100", e.item());
    assertEquals(0, e.getSuppressed().length, "the wrapping failure came of this one: not suppressed by it");
  }
}
