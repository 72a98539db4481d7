package dev.sluice.readme;

import dev.sluice.Aggregate;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.Signal;
import dev.sluice.SignalHandler;

@Node
public final class PerLine {                   // the region's terminal node
  @Reduce(ReduceOp.SUM) int digits;            // updated in run, combined across lanes
  public void run(int pos) { digits += 1; }
  @SignalHandler(Signal.END)
  public void end(Line line, @Aggregate @Max(1) Out<Summary> out) {
    out.push(new Summary(line.start(), digits));
    digits = 0;
  }
}
