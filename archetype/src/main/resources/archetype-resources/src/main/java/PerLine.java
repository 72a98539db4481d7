package ${package};

import dev.sluice.Aggregate;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.Signal;
import dev.sluice.SignalHandler;

/**
 * The region's terminal node. {@code run} sees the lengths of one line's words, in any order and
 * spread over the lanes of a vector, so it only updates reductions: the count (SUM) and the longest
 * (MAX). BEGIN arrives before a line's first word and clears them; END arrives after its last word
 * and pushes the line's {@link LineStats} out of the region ({@code @Aggregate}).
 */
@Node
public final class PerLine {
  @Reduce(ReduceOp.SUM) int words;
  @Reduce(ReduceOp.MAX) int longest;

  @SignalHandler(Signal.BEGIN)
  public void begin(Line line) {
    words = 0;
    longest = 0;
  }

  public void run(int length) {
    words += 1;
    longest = Math.max(longest, length);
  }

  @SignalHandler(Signal.END)
  public void end(Line line, @Aggregate @Max(1) Out<LineStats> stats) {
    stats.push(new LineStats(line.start(), words, longest));
  }
}
