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
 * The region's terminal node: adds up one line's digits. A digit with no digit before it starts a
 * number, and that digit reads the whole number ({@code value * 10 + digit} up to the first
 * non-digit), so each number is added once, by its first digit, and the line's totals are plain SUMs
 * over its digits in any order. BEGIN clears the accumulators so every line starts from zero; END
 * pushes the line's summary out of the region.
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
      long value = 0;
      int next = at;
      while (next < line.end() && text[next] >= '0' && text[next] <= '9') {
        value = value * 10 + (text[next] - '0');
        next++;
      }
      sum += value;
    }
  }

  @SignalHandler(Signal.END)
  public void end(Line line, @Aggregate Out<LineSummary> out) {
    out.push(new LineSummary(line.start(), digits, numbers, sum));
  }
}
