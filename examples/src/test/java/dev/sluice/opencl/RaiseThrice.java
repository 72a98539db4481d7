package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Raise;
import dev.sluice.Signal;
import dev.sluice.SignalHandler;
import dev.sluice.SignalTag;
import dev.sluice.Sink;
import dev.sluice.Source;

/** A node that raises three signals for one bad item, beyond the protocol's two per item. */
@Pipeline
interface RaiseThrice {
  @Source int in();

  @From("in") Thrice thrice();

  @From("thrice") Count count();

  @Sink @From("count") int out();

  /** A user signal. */
  @SignalTag
  record Tick(int at) {}

  /** Raises one signal every 100 items, three for item 1234. */
  @Node
  final class Thrice {
    public void run(int x, IntOut out, Raise<Tick> ticks) {
      out.push(x);
      if (x % 100 == 0) {
        ticks.raise(new Tick(x));
      }
      if (x == 1234) {
        ticks.raise(new Tick(x));
        ticks.raise(new Tick(x));
        ticks.raise(new Tick(x));
      }
    }
  }

  /** Passes items on and pushes each tick's position. */
  @Node
  final class Count {
    public void run(int x, IntOut out) {
      out.push(x);
    }

    @SignalHandler(Signal.USER)
    public void tick(Tick t, IntOut out) {
      out.push(-t.at());
    }
  }
}
