package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;
import java.util.concurrent.atomic.AtomicInteger;

/** A node that takes about 20 ms an item and counts its calls. Outside the GPU subset, so CPU only. */
@Pipeline(gpu = false, width = 8)
public interface SlowItems {
  @Source int in();

  @From("in") Slow slow();

  @Sink @From("slow") int out();

  /** Calls of every {@link Slow} so far. */
  AtomicInteger CALLS = new AtomicInteger();

  @Node
  final class Slow {
    public void run(int x, @Max(1) IntOut out) {
      long end = System.nanoTime() + 20_000_000L;
      while (System.nanoTime() < end) {
        Thread.onSpinWait();
      }
      CALLS.incrementAndGet();
      out.push(x);
    }
  }
}
