package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Node;
import dev.sluice.Param;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * Loops left only by a {@code break} or a {@code return} (outside-in GPU-subset cases c19b and
 * c19c): a data-dependent {@code break}, which the kernel writes as a flag, and a {@code while
 * (true)} in a helper that only {@code return} leaves.
 */
@Pipeline(width = 64)
public interface FlagLoops {
  @Source int in();

  @From("in") Breaks breaks();

  @From("breaks") Returns returns();

  @Sink @From("returns") int out();

  @Node
  final class Breaks {
    void run(int x, IntOut out) {
      int k;
      for (k = 0; ; k++) {
        if (k > (x & 31)) {
          break;
        }
      }
      out.push(x * 64 + k);
    }
  }

  @Node
  final class Returns {
    @Param final int[] signs;

    Returns(int[] signs) {
      this.signs = signs;
    }

    Returns() {
      this(new int[] {3, 1, -4, 1, 5, -9, 2, 6, 5, -3, 5, 8, 9, 7, -9, 3});
    }

    void run(int x, IntOut out) {
      out.push(x * 32 + scan(signs, (x >> 6) & 15) + 1);
    }

    /** The first negative at or after {@code from}, or -1. */
    static int scan(int[] a, int from) {
      int k = from;
      while (true) {
        if (k >= a.length) {
          return -1;
        }
        if (a[k] < 0) {
          return k;
        }
        k++;
      }
    }
  }
}
