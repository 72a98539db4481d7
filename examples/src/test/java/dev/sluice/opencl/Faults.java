package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.LongOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Param;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * Node code that throws in Java: an array index out of bounds (in the node or in a static helper it
 * calls) or an integer division by zero, on item {@code bad} only; ops 7 to 10 inside a loop that the
 * kernel's stand-in value would keep going, ops 11 and 12 before such a loop, which holds no check
 * itself (in the node, and in a helper the stand-in is passed to).
 */
@Pipeline
interface Faults {
  @Source int in();

  @From("in") Fault fault();

  @Sink @From("fault") long out();

  @Node
  final class Fault {
    @Param final int op;
    @Param final int bad;
    @Param final int[] table;

    Fault(int op, int bad, int[] table) {
      this.op = op;
      this.bad = bad;
      this.table = table;
    }

    static int at(int[] a, int i) {
      return a[i];
    }

    /** Where {@code value} is in {@code a}, looking from {@code from} on. */
    static int find(int[] a, int value, int from) {
      int i;
      int h = 0;
      for (i = from; a[i] != value; i++) {
        for (int r = 0; r < 64; r++) {
          h = h * 31 + r;
        }
      }
      return i + h - h;
    }

    /** Steps of {@code step} from 0 to 1000, 64 steps of busy work each: 2^31 rounds if {@code step} is 0. */
    static int walk(int step) {
      int j = 0;
      int rounds = 0;
      int h = 0;
      while (j < 1000 && rounds >= 0) {
        j += step;
        rounds++;
        for (int r = 0; r < 64; r++) {
          h = h * 31 + r;
        }
      }
      return j + h - h;
    }

    public void run(int k, @Max(1) LongOut out) {
      int d = k == bad ? 0 : 1;
      if (op == 0) {
        out.push(table[k == bad ? -1 : k % table.length]);
      } else if (op == 1) {
        out.push(table[k == bad ? table.length : k % table.length]);
      } else if (op == 2) {
        out.push(at(table, k == bad ? -5 : 0));
      } else if (op == 3) {
        out.push(1000 / d);
      } else if (op == 4) {
        out.push(1000 % d);
      } else if (op == 5) {
        out.push(1000L / (long) d);
      } else if (op == 6) {
        long x = 7;
        x %= d;
        out.push(x);
      } else if (op == 7) {
        // with the divisor's stand-in, 1, v stays 1000: the loop ends only when digits overflows, after
        // 2^31 rounds of 64 steps (each loop here is finite, so no compiler may remove it)
        int v = 1000;
        int base = k == bad ? 0 : 10;
        int digits = 0;
        int h = 0;
        while (v > 0 && digits >= 0) {
          v /= base;
          digits++;
          for (int r = 0; r < 64; r++) {
            h = h * 31 + r;
          }
        }
        out.push(digits + h);
      } else if (op == 8) {
        // with the index's stand-in, 0, the scan goes round all ints, 64 steps each, to find 2 at [2]
        int j = k == bad ? 3 : 0;
        int h = 0;
        while (table[j] != 2) {
          for (int r = 0; r < 64; r++) {
            h = h * 31 + r;
          }
          j++;
        }
        out.push(j + h);
      } else if (op == 9) {
        out.push(find(table, 2, k == bad ? 3 : 0));
      } else if (op == 10) {
        int n = 1000;
        int b = k == bad ? 0 : 3;
        int rounds = 0;
        do {
          n = n / b;
          rounds++;
          for (int r = 0; r < 64; r++) {
            n = n + r - r;
          }
        } while (n > 0 && rounds >= 0);
        out.push(n + rounds);
      } else if (op == 11) {
        // the index's stand-in, 0, reads table[0] = 0 as the step, before a loop with no check in it
        int step = k == bad ? table[table.length + 2] : 1;
        int j = 0;
        int rounds = 0;
        int h = 0;
        while (j < 1000 && rounds >= 0) {
          j += step;
          rounds++;
          for (int r = 0; r < 64; r++) {
            h = h * 31 + r;
          }
        }
        out.push(j + h - h);
      } else if (op == 12) {
        // the same step of 0, passed to a helper whose loop holds no check
        out.push(walk(k == bad ? table[-3] : 1));
      }
    }
  }
}
