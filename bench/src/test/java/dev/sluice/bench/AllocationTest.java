package dev.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class AllocationTest {
  static volatile long[] kept;

  @Test
  void countsAnArrayThisThreadAllocated() {
    Allocation before = Allocation.now();
    Assumptions.assumeTrue(before != null, "this JVM does not count allocation per thread");
    kept = new long[1 << 20];
    OptionalLong bytes = Allocation.now().since(before);
    assertTrue(bytes.isPresent());
    // all threads are counted: others (the test runner's) may allocate a little meanwhile
    assertTrue(bytes.getAsLong() >= 8L << 20 && bytes.getAsLong() < 16L << 20, "allocated " + bytes.getAsLong());
  }

  @Test
  void countsAThreadStartedInBetweenThatIsStillAlive() throws Exception {
    Allocation before = Allocation.now();
    Assumptions.assumeTrue(before != null, "this JVM does not count allocation per thread");
    java.util.concurrent.CountDownLatch allocated = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
    Thread t = new Thread(() -> {
      kept = new long[1 << 20];
      allocated.countDown();
      try {
        done.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    t.start();
    allocated.await();
    OptionalLong bytes = Allocation.now().since(before);
    done.countDown();
    t.join();
    assertTrue(bytes.isPresent());
    assertTrue(bytes.getAsLong() >= 8L << 20, "allocated " + bytes.getAsLong());
  }

  @Test
  void hasNoAnswerWhenAThreadEndedInBetween() throws Exception {
    Allocation before = Allocation.now();
    Assumptions.assumeTrue(before != null, "this JVM does not count allocation per thread");
    Thread t = new Thread(() -> kept = new long[1 << 20]);
    t.start();
    t.join();
    assertEquals(OptionalLong.empty(), Allocation.now().since(before));
  }
}
