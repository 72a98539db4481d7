package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Runs of one pipeline object on OpenCL with the garbage collector moving Java arrays between them.
 * With buffers that wrapped the Java arrays ({@code CL_MEM_USE_HOST_PTR}, once the model of a CPU
 * device such as PoCL), a buffer kept the address its array had when the buffer was made; after the
 * collector moved the array, the kernel's reads and writes went to memory the heap had reused:
 * wrong {@code @Reduce} sums, and the JVM crashing inside G1's collection.
 */
class MovedArraysOpenClTest {
  @Test
  void resultsStayRightWhileTheCollectorMovesArrays() throws InterruptedException {
    int n = 3_000_000;
    long sum = (long) n * (n - 1) / 2;
    AtomicBoolean done = new AtomicBoolean();
    // young garbage all the time: collections (which move live arrays) fall inside the runs
    Thread churn = new Thread(() -> {
      Object[] keep = new Object[256];
      for (int i = 0; !done.get(); i++) {
        keep[i & 255] = new long[1 + (i % 2048)];
      }
    });
    churn.setDaemon(true);
    churn.start();
    try (MovedArraysPipeline p = MovedArraysPipeline.builder()
        .device(OpenClAvailable.device().with("sluice.opencl.budget", "4m")).build()) {
      for (int run = 0; run < 10; run++) {
        MovedArraysPipeline.Result r = p.runRange(0, n);
        assertEquals(sum, r.thirdsSum(), "run " + run + ": the @Reduce sum");
        assertEquals((n + 2) / 3, r.kept().length, "run " + run + ": items kept");
      }
    } finally {
      done.set(true);
      churn.join();
    }
  }
}
