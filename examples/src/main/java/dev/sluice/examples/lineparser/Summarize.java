package dev.sluice.examples.lineparser;

import dev.sluice.Aggregate;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Param;
import dev.sluice.Parent;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.Signal;
import dev.sluice.SignalHandler;

/**
 * The region's terminal node: adds up one line's digits. Every digit contributes
 * {@code digit * 10^(digits after it in its number)}, so the sum of the line's numbers is a plain
 * SUM over its digits in any order; a digit with no digit before it starts a number. BEGIN clears the
 * accumulators so every line starts from zero; END pushes the line's summary out of the region.
 */
@Node
public final class Summarize {
  @Param final byte[] text;
  @Reduce(ReduceOp.SUM) int digits;
  @Reduce(ReduceOp.SUM) int numbers;
  @Reduce(ReduceOp.SUM) long sum;

  public Summarize(byte[] text) {
    this.text = text;
  }

  @SignalHandler(Signal.BEGIN)
  public void begin(Line line) {
    digits = 0;
    numbers = 0;
    sum = 0;
  }

  public void run(int at, @Parent Line line) {
    digits += 1;
    if (at == line.start() || text[at - 1] < '0' || text[at - 1] > '9') {
      numbers += 1;
    }
    long place = 1;
    int next = at + 1;
    while (next < line.end() && text[next] >= '0' && text[next] <= '9') {
      place *= 10;
      next++;
    }
    sum += (text[at] - '0') * place;
  }

  @SignalHandler(Signal.END)
  public void end(Line line, @Aggregate Out<LineSummary> out) {
    out.push(new LineSummary(line.start(), digits, numbers, sum));
  }
}
