package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * {@code if} / {@code else if} chains whose branches end in an {@code if} without {@code else}, or in
 * another chain (outside-in helper-38): javac sends such an inner {@code if}'s false branch straight to
 * the end of the whole chain, past the jumps of the other branches, and Aparapi rebuilt those chains
 * wrongly (a branch's test left as a stray statement and the {@code else} moved into the inner
 * {@code if}: other results, silently) or not at all ("child list broken"). Each shape pushes one value
 * per item; the test calls the node itself for what Java computes.
 */
final class IfChains {
  private IfChains() {}

  @Pipeline
  interface Chains {
    @Source int in();

    @From("in") Shapes shapes();

    @Sink @From("shapes") int out();
  }

  @Node
  public static final class Shapes {
    static final int SHAPES = 12;

    public void run(int x, @Max(SHAPES) IntOut out) {
      out.push(returning(x));
      out.push(fourWays(x));
      out.push(assigned(x));
      out.push(nested(x));
      out.push(lastThenEndsInAChain(x));
      out.push(inLoop(x));
      out.push(elseEndsOpen(x));
      out.push(loopBodyReturns(x));
      out.push(whileEndsInIfElseReturns(x));
      out.push(doAroundAnEndlessLoop(x));
      out.push(doAroundADo(x, x >> 2));
      // the reporter's run body, last (it returns): pushes, returns, the open if in the third branch
      if (x % 4 == 0) {
        out.push(x * 100);
        return;
      } else if (x % 4 == 1) {
        out.push(x * 100 + 1);
        return;
      } else if (x % 4 == 2) {
        if (x > 10) {
          out.push(x * 100 + 2);
          return;
        }
      } else {
        out.push(x * 100 + 3);
        return;
      }
      out.push(x * 100 + 9);
    }

    /** The chain of the report: its last else returns, the third branch's if has none. */
    static int returning(int v) {
      if (v % 4 == 0) {
        return 0;
      } else if (v % 4 == 1) {
        return 1;
      } else if (v % 4 == 2) {
        if (v > 10) {
          return 2;
        }
      } else {
        return 3;
      }
      return 9;
    }

    /** Four branches, one holding an if without else: did not build. */
    static int fourWays(int x) {
      int r = 7;
      int mode = ((x % 5) + 5) % 5;
      if (mode == 0) {
        r = x + 1;
      } else if (mode == 1) {
        r = x + 2;
      } else if (mode == 2) {
        if (x == 77) {
          r = x;
        }
      } else {
        r = x * 3;
      }
      return r;
    }

    /** Assignments only, the open if in the first branch. */
    static int assigned(int x) {
      int r = 9;
      if (x % 3 == 0) {
        if (x > 10) {
          r = 2;
        }
      } else if (x % 3 == 1) {
        r = 1;
      } else {
        r = 3;
      }
      return r;
    }

    /** Open ifs two deep, inside branches that have an else. */
    static int nested(int x) {
      int r = 0;
      if (x > 0) {
        if (x % 2 == 0) {
          if (x % 3 == 0) {
            r += 6;
          }
        } else {
          r += 1;
        }
      } else {
        if (x < -5) {
          r -= 5;
        }
      }
      return r * 10 + ((x % 7) + 7) % 7;
    }

    /** A then branch whose last statement is a whole if / else if chain without a final else. */
    static int lastThenEndsInAChain(int x) {
      int r = 4;
      if (x % 2 == 0) {
        if (x % 5 == 0) {
          r = 50;
        } else if (x % 5 == 1) {
          r = 51;
        }
      } else {
        r = -1;
      }
      return r;
    }

    /** The four-way chain inside a loop, with a continue in the open if. */
    static int inLoop(int x) {
      int s = 0;
      for (int i = 0; i < 6; i++) {
        int m = (((x + i) % 4) + 4) % 4;
        if (m == 0) {
          s += 1;
        } else if (m == 1) {
          s += 10;
        } else if (m == 2) {
          if (x > 3) {
            continue;
          }
        } else {
          s += 100;
        }
        s += 1000;
      }
      return s;
    }

    /**
     * Loop bodies that always end in a return: the marker the kernel puts at a loop body's end was
     * unreachable there, and javac refused the generated kernel (the control-flow fuzzer, every seed).
     */
    static int loopBodyReturns(int x) {
      int w = 0;
      while (w < 3) {
        w++;
        if (x % 3 == w) {
          continue;
        }
        return x + w;
      }
      for (int i = 0; i < 2; ) {
        return x * 2 + i;
      }
      return -1;
    }

    /** A while body whose if/else both return: no statement may follow it. */
    static int whileEndsInIfElseReturns(int x) {
      int w = 0;
      while (w < 3) {
        w++;
        if (x > w) {
          return 1;
        } else {
          return 2;
        }
      }
      return 0;
    }

    /** A do whose body only a return leaves (review helper-40): its condition is never reached. */
    static int doAroundAnEndlessLoop(int x) {
      int v = x & 7;
      do {
        while (true) {
          if (v > 3) {
            return v;
          }
          v++;
        }
      } while (v < 10);
    }

    /** A do around a do that always returns. */
    static int doAroundADo(int x, int y) {
      do {
        do {
          return x + 1;
        } while (y > 0);
      } while (x < 10);
    }

    /** The open if as the else branch's last statement, the then branch returning. */
    static int elseEndsOpen(int x) {
      int r = 1;
      if (x % 2 == 0) {
        return 20;
      } else if (x % 3 == 0) {
        r = 30;
      } else {
        if (x > 8) {
          r = 40;
        }
      }
      return r;
    }
  }
}
