package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.LongOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * Comparisons of {@code long}s far apart, whose difference overflows: reductions, a filter, and the
 * operations whose kernel helpers compare ({@link UnoptimizedBuildTest}).
 */
@Pipeline(width = 8)
interface LongOrder {
  @Source long values();

  @From("values") Order order();

  @Sink @From("order") long out();

  @Node
  final class Order {
    @Reduce(ReduceOp.MAX) long most;
    @Reduce(ReduceOp.MIN) long least;
    @Reduce(ReduceOp.SUM) long below;

    public void run(long x, @Max(4) LongOut out) {
      most = Math.max(most, x);
      least = Math.min(least, x);
      if (x < 1) {
        below += 1;
      }
      if (x > Long.MIN_VALUE + 5) {
        out.push(x);
      }
      if (x != -1 && x >= -3 && x <= Long.MAX_VALUE - 1) {
        out.push(Math.abs(x) / -1 + x % -1);
      }
    }
  }
}
