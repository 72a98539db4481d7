package dev.sluice.limits;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Region;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * Every size at the largest value the processor accepts (docs/processor.md, size limits): width
 * 2^16; {@code inc}'s queue exactly 2^24 items (65536 x @Max(64) x queueScale 4); 4 stages x 2^22 =
 * 2^24 signal slots; a parent buffer of 2^24; maxElements at Integer.MAX_VALUE.
 */
@Pipeline(width = 65536, signalQueue = 4194304)
public interface Largest {
  record Line(int start, int end) {}

  @Node
  @Region(parentBuffer = 16777216, maxElements = Integer.MAX_VALUE)
  final class Chars {
    public int count(Line line) {
      return line.end() - line.start();
    }
  }

  @Node
  final class Expand {
    public void run(int i, @Max(64) IntOut out) {
      out.push(i);
    }
  }

  @Node
  final class Inc {
    public void run(int x, IntOut out) {
      out.push(x + 1);
    }
  }

  @Source Line lines();

  @From("lines") Chars chars();

  @From("chars") Expand expand();

  @From("expand") Inc inc();

  @Sink @From("inc") int out();
}
