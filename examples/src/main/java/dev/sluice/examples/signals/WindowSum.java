package dev.sluice.examples.signals;

import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.SignalHandler;

/**
 * Adds up values until a {@link WindowEnd} arrives, then emits the window's total and starts over.
 * Every value before the signal has been added when the handler runs, none after it.
 */
@Node
public final class WindowSum {
  @Reduce(ReduceOp.SUM) int count;
  @Reduce(ReduceOp.SUM) long sum;

  public void run(long v) {
    count += 1;
    sum += v;
  }

  @SignalHandler
  public void onWindowEnd(WindowEnd w, @Max(1) Out<WindowTotal> totals) {
    totals.push(new WindowTotal(w.window(), count, sum));
    count = 0;
    sum = 0;
  }
}
