package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An interrupted run with instances on threads of their own returns once they have stopped, as a
 * failed run does (outside-in: run() threw at once while the instances ran node code for seconds
 * more, which the caller could not wait for).
 */
class InterruptedInstancesTest {
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void noNodeCodeRunsAfterTheRunHasThrown(boolean scheduled) throws Exception {
    SlowItemsPipeline p = SlowItemsPipeline.builder().device(scheduled ? Device.cpuScheduled() : Device.cpu())
        .instances(2).chunkSize(8).build();
    Thread caller = Thread.currentThread();
    Thread interrupter = new Thread(() -> {
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        return;
      }
      caller.interrupt();
    });
    interrupter.start();
    try {
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> p.runRange(0, 2_000));
      assertEquals("SlowItems: interrupted while running", e.getMessage());
      int calls = SlowItems.CALLS.get();
      assertTrue(Thread.interrupted(), "the caller's flag was set (cleared here to wait)");
      Thread.sleep(300); // 15 items' time: an instance still at work would be seen
      assertEquals(calls, SlowItems.CALLS.get(), "node calls after run() threw");
      assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().startsWith("sluice-SlowItems")),
          "no instance thread left");
    } finally {
      interrupter.join();
      Thread.interrupted();
    }
    assertEquals(10, p.runRange(0, 10).out().length, "and the object runs again");
  }
}
