package dev.sluice.limits;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** A node that keeps its output channel past the call and pushes through it on the next item. */
@Pipeline(gpu = false)
interface KeptChannel {
  @Source int in();

  @From("in") Keeper keeper();

  @Sink @From("keeper") int out();

  @Node
  final class Keeper {
    // static: a node's own fields must be @Param, @State or @Reduce (SLU301), which cannot hold a channel
    static IntOut kept;

    public void run(int x, @Max(2) IntOut out) {
      if (kept != null) {
        kept.push(-x);
      }
      kept = out;
      out.push(x);
    }
  }
}
