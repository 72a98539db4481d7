package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * A node that interrupts its own thread at item 50, as node code does when it restores the flag
 * after catching an {@code InterruptedException}. Outside the GPU subset, so CPU only.
 */
@Pipeline(gpu = false)
public interface SelfInterrupt {
  @Source int in();

  @From("in") Interrupter interrupter();

  @Sink @From("interrupter") int out();

  @Node
  final class Interrupter {
    public void run(int x, @Max(1) IntOut out) {
      if (x == 50) {
        Thread.currentThread().interrupt();
      }
      out.push(x);
    }
  }
}
