package dev.sluice.cpu;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Raise;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.SignalHandler;
import dev.sluice.SignalTag;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * A node that catches what {@link Raise#raise} throws: on the direct executor the raise runs the
 * consumers of the item's earlier pushes and the signal's handlers before it returns, so their
 * failures pass through this node's code (outside-in helper-52: the run then returned, an item short).
 */
@Pipeline(gpu = false)
interface Swallow {
  @Source int in();

  @From("in") Catching catching();

  @From("catching") Failing failing();

  @Sink @From("failing") int out();

  @SignalTag
  record Mark(int at) {}

  @Node
  final class Catching {
    /** Whether it wraps what it caught and throws that, rather than going on. */
    static volatile boolean rethrow;

    @Reduce(ReduceOp.SUM) int caught;

    public void run(int x, @Max(1) IntOut out, Raise<Mark> raise) {
      out.push(x);
      if (x % 100 == 0) {
        try {
          raise.raise(new Mark(x));
        } catch (RuntimeException e) {
          if (rethrow) {
            throw new IllegalArgumentException("while raising at " + x, e);
          }
          caught += 1;
        }
      }
    }
  }

  @Node
  final class Failing {
    /** Which failure: an item's (0) or the handler's (1). */
    static volatile int mode;

    public void run(int x, @Max(1) IntOut out) {
      if (mode == 0 && x == 100) {
        throw new IllegalStateException("item " + x);
      }
      out.push(x);
    }

    @SignalHandler
    public void mark(Mark m, @Max(1) IntOut out) {
      if (mode == 1 && m.at() == 200) {
        throw new IllegalStateException("mark " + m.at());
      }
    }
  }
}
