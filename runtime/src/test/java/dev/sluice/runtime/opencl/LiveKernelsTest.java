package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which kernels a device releases when one more is taken: the rule alone, without OpenCL. */
class LiveKernelsTest {
  @Test
  void theOldestIdleKernelsGoUntilTheLimitIsLeft() {
    assertEquals(List.of("a", "b"), LiveKernels.toRelease(List.of("a", "b", "c", "d"), k -> false, 2));
    assertEquals(List.of(), LiveKernels.toRelease(List.of("a", "b"), k -> false, 2));
  }

  @Test
  void aRunningKernelStaysAndTheNextIdleOneGoesInstead() {
    // a running, b and c idle, d just taken (running): two of the idle ones must go for a limit of 2,
    // but only b and c are idle, so both go and the device holds a and d
    Set<String> running = Set.of("a", "d");
    assertEquals(List.of("b", "c"), LiveKernels.toRelease(List.of("a", "b", "c", "d"), running::contains, 2));
    // with a limit of 3 only the oldest idle one goes
    assertEquals(List.of("b"), LiveKernels.toRelease(List.of("a", "b", "c", "d"), running::contains, 3));
  }

  @Test
  void whenEveryOtherKernelIsRunningNoneGoes() {
    assertEquals(List.of(), LiveKernels.toRelease(List.of("a", "b", "c"), k -> true, 1));
  }
}
