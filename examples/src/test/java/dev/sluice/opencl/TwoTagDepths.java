package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Param;
import dev.sluice.Pipeline;
import dev.sluice.Raise;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.SignalHandler;
import dev.sluice.SignalTag;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * One node raises two tags handled at different depths: {@code Tick} on every item, handled by the
 * next node, and {@code WindowEnd} every {@code window} items, handled two nodes down. The ticks
 * overtake a window's end that still waits in a queue (outside-in helper-79: the scheduled CPU
 * executor kept both tags' payloads in one ring per origin, and handed a window's end a tick's
 * payload or a later window's).
 */
@Pipeline(width = 8, queueScale = 2, signalQueue = 4)
public interface TwoTagDepths {
  @Source int items();

  @From("items") Raiser raiser();

  @From("raiser") Ticks ticks();

  @From("ticks") Windows windows();

  @Sink @From("windows") Closed closed();

  @SignalTag record Tick(int at) {}

  @SignalTag record WindowEnd(int window) {}

  record Closed(int window) {}

  @Node final class Raiser {
    @Param final int window;

    Raiser(int window) {
      this.window = window;
    }

    public void run(int x, IntOut out, Raise<Tick> tick, Raise<WindowEnd> end) {
      out.push(x);
      tick.raise(new Tick(x));
      if (x % window == window - 1) {
        end.raise(new WindowEnd(x / window));
      }
    }
  }

  /** Takes the ticks and passes no item on, so the window ends wait behind nothing here. */
  @Node final class Ticks {
    @Reduce(ReduceOp.SUM) long ticks;

    public void run(int x, IntOut out) {
      if (x < 0) {
        out.push(x);
      }
    }

    @SignalHandler
    public void onTick(Tick t) {
      ticks += t.at();
    }
  }

  @Node final class Windows {
    public void run(int x) {}

    @SignalHandler
    public void onEnd(WindowEnd e, Out<Closed> out) {
      out.push(new Closed(e.window()));
    }
  }
}
