package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Param;
import dev.sluice.Pipeline;
import dev.sluice.Raise;
import dev.sluice.Signal;
import dev.sluice.SignalHandler;
import dev.sluice.SignalTag;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * A node that raises two tags: one of each for every 100th item (two signals, the protocol's bound
 * per item), and three in all for a chosen item, which is one too many whatever their tags.
 */
@Pipeline
interface RaiseAcrossTags {
  @Source int in();

  @From("in") Raiser raiser();

  @From("raiser") Catcher catcher();

  @Sink @From("catcher") int out();

  @SignalTag
  record A(int at) {}

  @SignalTag
  record B(int at) {}

  /** Raises A and B every 100 items, and A, B, A for item {@code bad} (none if negative). */
  @Node
  final class Raiser {
    @Param final int bad;

    Raiser(int bad) {
      this.bad = bad;
    }

    public void run(int x, IntOut out, Raise<A> as, Raise<B> bs) {
      out.push(x);
      if (x % 100 == 0 || x == bad) {
        as.raise(new A(x));
        bs.raise(new B(x));
      }
      if (x == bad) {
        as.raise(new A(x));
      }
    }
  }

  /** Passes items on; each signal pushes its position, negated (A) or negated less one (B). */
  @Node
  final class Catcher {
    public void run(int x, IntOut out) {
      out.push(x);
    }

    @SignalHandler(Signal.USER)
    public void onA(A a, @Max(1) IntOut out) {
      out.push(-a.at());
    }

    @SignalHandler(Signal.USER)
    public void onB(B b, @Max(1) IntOut out) {
      out.push(-b.at() - 1);
    }
  }
}
