package dev.sluice.opencl;

import dev.sluice.Aggregate;
import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Param;
import dev.sluice.Parent;
import dev.sluice.Pipeline;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.Region;
import dev.sluice.Signal;
import dev.sluice.SignalHandler;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * Loops left by {@code break} and {@code continue}, which the kernel writer turns into flags (Aparapi
 * cannot rebuild such loops from bytecode): every loop form, both statements, nested loops, exits in
 * nested {@code if}s, a helper with its own, and a loop Aparapi could not rebuild without the
 * kernel's padding at its end. The test calls the node itself for what Java computes.
 */
final class LoopExits {
  private LoopExits() {}

  @Pipeline
  interface Exits {
    @Source int in();

    @From("in") Shapes shapes();

    @Sink @From("shapes") int out();
  }

  /** Pushes {@code x}'s answer to each shape, {@code SHAPES} values per item. */
  @Node
  public static final class Shapes {
    static final int SHAPES = 15;

    @Param final int[] table;

    public Shapes(int[] table) {
      this.table = table;
    }

    public void run(int x, @Max(SHAPES) IntOut out) {
      // for: the first table entry above x; after the break the update must not run
      int i;
      for (i = 0; i < table.length; i++) {
        if (table[i] > x) {
          break;
        }
      }
      out.push(i);

      // for: continue skips odd entries, the update still runs
      int even = 0;
      for (int j = 0; j < table.length; j++) {
        if ((table[j] & 1) != 0) {
          continue;
        }
        even += table[j];
      }
      out.push(even);

      // while (true) ended by a break in the middle of the body, statements before and after it
      int n = x & 1023;
      int steps = 0;
      while (true) {
        steps++;
        if (n <= 1) {
          break;
        }
        n = (n & 1) == 0 ? n / 2 : 3 * n + 1;
      }
      out.push(steps);

      // do-while with both: continue goes to the condition, which then ends the loop
      int k = 0;
      int kept = 0;
      do {
        k++;
        if (k % 3 == 0) {
          continue;
        }
        if (kept > x % 50) {
          break;
        }
        kept += k;
      } while (k < 40);
      out.push(kept * 100 + k);

      // do-while with a continue and && in its condition, no break (it ran on a flag: javac's
      // branches for && made Aparapi write a stray test that clang warned about)
      int d = 0;
      int sum = 0;
      do {
        d++;
        if (d % 3 == 0) {
          continue;
        }
        sum += x % 97 + d;
      } while (d < 10 && sum < 500);
      out.push(sum * 100 + d);

      // nested: the inner break leaves the inner loop only; the outer continue skips the rest
      int pairs = 0;
      for (int a = 0; a < 6; a++) {
        if (a == x % 6) {
          continue;
        }
        for (int b = 0; b < 6; b++) {
          if (b > a) {
            break;
          }
          pairs += a * 6 + b;
        }
        pairs += 1000;
      }
      out.push(pairs);

      // an exit in an else branch and in a nested block, with a local declared after it
      int acc = 0;
      int m = 0;
      while (m < 20) {
        m++;
        {
          if ((m & 3) != 0) {
            acc += m;
          } else {
            continue;
          }
        }
        int twice = 2 * m;
        if (twice > x % 37) {
          break;
        }
        acc += twice;
      }
      out.push(acc * 100 + m);

      // a helper with its own loop and break
      out.push(firstDivisor(x));

      // for (;;) with only a break
      int p = x;
      for (;;) {
        p = p / 3;
        if (p < 10) {
          break;
        }
      }
      out.push(p);

      // a condition that reads the table: the break at its last entry keeps the index in range
      int c = 0;
      int q = 0;
      while (table[c] < 1000) {
        if (table[c] > x || c == table.length - 1) {
          break;
        }
        q += table[c];
        c++;
      }
      out.push(c * 1000 + q);

      // no exit: a while body that ends in a block with a local and two ifs (javac sends their
      // branches to two places at the loop's end, which Aparapi refused before the kernel padded it)
      int r = 0;
      int w = 0;
      int hit = 0;
      while (w < 20) {
        w++;
        if (x > 0) {
          int twice = 2 * w;
          if (twice > x % 37) {
            hit = 1;
          }
          if (hit == 0) {
            r += twice;
          }
        }
      }
      out.push(r);

      // a for that declares its variable, a local first in the body and a break: the update stays in
      // the header (without one Aparapi dropped the variable's declaration)
      int code = 0;
      for (int j = 0; j < table.length; j++) {
        int t = table[j];
        if (t > x) {
          break;
        }
        code = code * 3 + (t & 7);
      }
      out.push(code);

      // for loops over a double counter stepped by += and a float one by ++, each with a break: the
      // updates are assignments the kernel guards (SLU612 refused both before)
      int halves = 0;
      for (double u = 0.0; u < 20.0; u += 0.5) {
        if (u * 2 > x % 29) {
          break;
        }
        halves++;
      }
      int ups = 0;
      for (float f = 0.0f; f < 30.0f; f++) {
        if (f > x % 23) {
          break;
        }
        ups += 2;
      }
      out.push(halves * 100 + ups);

      // a byte counter declared in the init, with ++ and a break: it wraps past 127 as Java's does, and
      // the kernel's update b = (byte) (b + 1) is one a break can guard (refused as a field's was
      // before: outside-in helper-118)
      int passes = 0;
      for (byte b = (byte) x; b != -100; b++) {
        if (b == (byte) (x >> 4)) {
          break;
        }
        passes++;
      }
      out.push(passes);

      // a short one counting down with --
      int seen = 0;
      for (short s = (short) (x & 1023); s > -5; s--) {
        if (s == (short) (x >> 3)) {
          break;
        }
        seen += s;
      }
      out.push(seen);
    }

    /** The smallest divisor of {@code x} above 1 (2 for 0, 1 for 1 and negative numbers). */
    static int firstDivisor(int x) {
      if (x < 2) {
        return x == 0 ? 2 : 1;
      }
      int d = 2;
      while (d * d <= x) {
        if (x % d == 0) {
          break;
        }
        d++;
      }
      return d * d <= x ? d : x;
    }
  }

  /** Groups of members, each member tallied into its group's {@code @Reduce} field by a loop's update. */
  @Pipeline
  interface FieldUpdates {
    @Source Group in();

    @From("in") Members members();

    @From("members") Tally tally();

    @Sink @From("tally") Tallied out();
  }

  /** Group {@code id} with {@code size} members. */
  record Group(int id, int size) {}

  /** What {@link Tally} added up over a group. */
  record Tallied(int id, int passes) {}

  /** A region per group whose elements are its members. */
  @Node
  @Region(parentBuffer = 8)
  public static final class Members {
    public int count(Group g) {
      return g.size();
    }
  }

  /**
   * A {@code for} with a {@code break}, no variable declared in its init and an update that is not
   * only an assignment to a local: the kernel moves that update to the body's end, behind the break
   * flag.
   */
  @Node
  public static final class Tally {
    @Param final int[] table;
    @Reduce(ReduceOp.SUM) int passes;

    public Tally(int[] table) {
      this.table = table;
    }

    @SignalHandler(Signal.BEGIN)
    public void begin(Group g) {
      passes = 0;
    }

    public void run(int member, @Parent Group g) {
      int i;
      // the update runs once per pass that did not break: as many times as entries at most the key
      for (i = 0; i < table.length; i++, passes++) {
        if (table[i] > g.id() + member) {
          break;
        }
      }
    }

    @SignalHandler(Signal.END)
    public void end(Group g, @Aggregate Out<Tallied> out) {
      out.push(new Tallied(g.id(), passes));
    }
  }
}
