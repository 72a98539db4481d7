package dev.sluice.limits;

import dev.sluice.From;
import dev.sluice.LongOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Param;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * One stage that writes eight items per input straight into the sink (its one edge), and that fails
 * at one input of choice (its own exception: so the CPU back end only).
 */
@Pipeline(gpu = false)
interface Spread {
  @Source int in();

  @From("in") Eight eight();

  @Sink @From("eight") long out();

  @Node
  final class Eight {
    /** The input that fails, or -1. */
    @Param final int failAt;

    Eight(int failAt) {
      this.failAt = failAt;
    }

    public void run(int x, @Max(8) LongOut out) {
      for (int j = 0; j < 8; j++) {
        if (x == failAt && j == 3) {
          throw new IllegalStateException("input " + x);
        }
        out.push(x * 8L + j);
      }
    }
  }
}
