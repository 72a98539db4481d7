package dev.sluice.opencl;

import dev.sluice.Aggregate;
import dev.sluice.From;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Parent;
import dev.sluice.Pipeline;
import dev.sluice.Raise;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.Region;
import dev.sluice.SignalHandler;
import dev.sluice.SignalTag;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * User signals that cross region boundaries: {@code Tick}, raised outside, goes into the region
 * through the enumerator (after its parent's END) and out again on an {@code @Aggregate} edge;
 * {@code Deep}, raised inside, leaves the region the same way. {@code Count} outside reports, at each
 * signal, how many items it saw since the last one, so the order of signals and items shows.
 */
@Pipeline(width = 4, queueScale = 1, signalQueue = 4)
public interface SignalsAcrossRegions {
  @Source int parents();

  @From("parents") Mark mark();

  @From("mark") Lines lines();

  @From("lines") Pass pass();

  @From("pass") Count count();

  @Sink @From("count") Rec out();

  @SignalTag
  record Tick(int parent) {}

  @SignalTag
  record Deep(int at) {}

  /** {@code kind} 0: an element; 1: a Tick; 2: a Deep. {@code n}: items counted before a signal. */
  record Rec(int kind, int at, int n) {}

  /** Passes each parent on, and raises {@code Tick} after a parent divisible by 3. */
  @Node
  final class Mark {
    void run(int parent, @Max(1) dev.sluice.IntOut out, Raise<Tick> ticks) {
      out.push(parent);
      if (parent % 3 == 0) {
        ticks.raise(new Tick(parent));
      }
    }
  }

  /** A parent {@code p} has {@code p % 4} elements. */
  @Node
  @Region(parentBuffer = 2)
  final class Lines {
    int count(int parent) {
      return parent % 4;
    }
  }

  /** In the region: pushes each element out of it, raises {@code Deep} after odd ones, forwards {@code Tick}. */
  @Node
  final class Pass {
    void run(int element, @Parent int parent, @Aggregate @Max(1) Out<Rec> out, Raise<Deep> deep) {
      out.push(new Rec(0, parent * 100 + element, 0));
      if (element % 2 == 1) {
        deep.raise(new Deep(parent * 100 + element));
      }
    }
  }

  /** Outside the region: counts items, and at each signal reports the count since the last one. */
  @Node
  final class Count {
    @Reduce(ReduceOp.SUM) int seen;

    void run(Rec r, @Max(1) Out<Rec> out) {
      seen += 1;
      out.push(r);
    }

    @SignalHandler
    void onTick(Tick t, @Max(1) Out<Rec> out) {
      out.push(new Rec(1, t.parent(), seen));
      seen = 0;
    }

    @SignalHandler
    void onDeep(Deep d, @Max(1) Out<Rec> out) {
      out.push(new Rec(2, d.at(), seen));
      seen = 0;
    }
  }
}
