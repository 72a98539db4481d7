package dev.sluice.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * An executor keeps at most {@link ExecutorPipelines#KEPT} pipeline objects, the least recently used
 * let go first (outside-in helper-63: a {@code SluiceSpark} per micro-batch kept every one, and what
 * its factory captured, for the executor's life).
 */
class ExecutorPipelinesTest {
  private final String prefix = "ExecutorPipelinesTest-" + System.nanoTime() + "/";
  private final AtomicInteger builds = new AtomicInteger();

  private ExecutorPipelines.Built get(int k) {
    return ExecutorPipelines.get(prefix + k, "test", () -> {
      builds.incrementAndGet();
      return new Object();
    }, name -> "built " + name);
  }

  @Test
  void reusedWhileKeptAndBuiltAgainOnceLetGo() {
    ExecutorPipelines.Built first = get(0);
    assertSame(first, get(0), "kept: reused");
    for (int k = 1; k < ExecutorPipelines.KEPT; k++) {
      get(k);
    }
    // 0 is used again, so 1 is now the least recently used, and the next recipe lets it go
    assertSame(first, get(0));
    get(ExecutorPipelines.KEPT);
    assertTrue(ExecutorPipelines.keeps(prefix + 0), "recently used: kept");
    assertFalse(ExecutorPipelines.keeps(prefix + 1), "least recently used: let go");
    int before = builds.get();
    ExecutorPipelines.Built again = get(1);
    assertEquals(before + 1, builds.get(), "built again");
    assertNotSame(first, again);
    for (int k = 100; k < 100 + 3 * ExecutorPipelines.KEPT; k++) {
      get(k);
    }
    for (int k = 0; k <= ExecutorPipelines.KEPT; k++) {
      assertFalse(ExecutorPipelines.keeps(prefix + k), "never more than KEPT: " + k);
    }
  }
}
