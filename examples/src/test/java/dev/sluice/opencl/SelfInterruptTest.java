package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Node code that interrupts its own thread interrupts the run, whichever thread the instance runs
 * on: the same failure and the caller's flag set, with one instance on the caller's thread or
 * several on their own (outside-in: the run failed with one instance and silently dropped the flag
 * with two, or with a progress listener).
 */
class SelfInterruptTest {
  @ParameterizedTest
  @CsvSource({"false, 1, false", "false, 2, false", "false, 1, true", "true, 1, false", "true, 2, false",
      "true, 1, true"})
  void aNodeInterruptingItsThreadInterruptsTheRun(boolean scheduled, int instances, boolean listener) {
    SelfInterruptPipeline.Builder b = SelfInterruptPipeline.builder()
        .device(scheduled ? Device.cpuScheduled() : Device.cpu()).instances(instances).maxSteps(10_000_000L);
    if (listener) {
      b.progress((done, total) -> { });
    }
    SelfInterruptPipeline p = b.build();
    try {
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> p.runRange(0, 100_000));
      assertEquals("SelfInterrupt: interrupted while running", e.getMessage());
      assertTrue(Thread.currentThread().isInterrupted(), "the caller's flag is set");
    } finally {
      Thread.interrupted();
    }
    // and the object runs again once the flag is clear
    assertEquals(100, p.runRange(100, 200).out().length);
  }
}
