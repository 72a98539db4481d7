package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Param;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * A {@code ?:} whose value is a {@code boolean}, in each place a condition goes (outside-in helper-113:
 * {@code if (strict ? v > 10 : v >= 10)} passed the processor, ran on the CPU, and its kernel did not
 * build, "CodeGenException: goto"; in a {@code while} test, "unable to find end of while extent").
 * Each shape pushes one value per item; the test calls the node itself for what Java computes.
 */
final class BooleanConditionals {
  private BooleanConditionals() {}

  @Pipeline
  interface Conditionals {
    @Source int in();

    @From("in") Shapes shapes();

    @Sink @From("shapes") int out();
  }

  @Node
  public static final class Shapes {
    static final int SHAPES = 11;

    @Param final boolean strict;

    public Shapes(boolean strict) {
      this.strict = strict;
    }

    public void run(int v, @Max(SHAPES) IntOut out) {
      // the reporter's filter
      if (strict ? v > 10 : v >= 10) {
        out.push(1);
      } else {
        out.push(0);
      }
      out.push(v > 0 && (v % 3 == 0 ? v > 20 : v < 50) ? 1 : 0);
      out.push(!(strict ? v % 2 == 0 : v % 5 == 0) ? 1 : 0);
      out.push((v % 7 == 0 ? v > 30 : v < -30) ? v : -v);
      out.push((strict ? true : v >= 10) ? 2 : 3);
      boolean kept = v % 4 == 1 ? strict : false;
      out.push(kept ? 5 : 6);
      out.push(picked(strict, v) ? 7 : 8);
      int w = v;
      while (strict ? w < 10 : w < 12) {
        w++;
      }
      out.push(w);
      int d = v;
      do {
        d += 3;
      } while (d % 2 == 0 ? d < 40 : d < 20);
      out.push(d);
      int k = 0;
      for (int i = 0; v % 3 == 1 ? i < (v & 7) : i < 2; i++) {
        k += i;
      }
      out.push(k);
      // a boolean ?: in a branch of another, and as the condition of a third
      out.push(((v & 1) == 0 ? (v & 2) == 0 ? v > 8 : v < 8 : strict) ? 9 : 10);
    }

    static boolean picked(boolean strict, int v) {
      return strict ? (v & 4) != 0 : (v & 8) != 0;
    }
  }
}
