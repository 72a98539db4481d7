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
 * calls) or an integer division by zero, on item {@code bad} only.
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
      }
    }
  }
}
