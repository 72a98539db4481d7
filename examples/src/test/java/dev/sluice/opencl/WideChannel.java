package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * A node whose channel may push 4,096 items per input: the kernel stages width x 4,096 items per
 * work-group for it, a buffer the plan's queues do not show (outside-in helper-80).
 */
@Pipeline(width = 64)
public interface WideChannel {
  @Source int items();

  @From("items") Spread spread();

  @Sink @From("spread") int out();

  @Node final class Spread {
    public void run(int x, @Max(4096) IntOut out) {
      out.push(x);
    }
  }
}
