package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Param;
import dev.sluice.Pipeline;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * Names with underscores whose parts, joined with {@code _}, are the same: stage {@code a} with
 * channel and field {@code b_c}, stage {@code a_b} with channel and field {@code c}; a record
 * component {@code x_y} beside {@code x}; sinks {@code out} and {@code out_n}. The generated code
 * joins such parts into its own names, which once made two fields of one name (outside-in test
 * cases 47 and 162).
 */
@Pipeline(width = 8)
public interface UnderscoreNames {
  record Pair(int x_y, int x) {}

  @Source int in();

  @From("in") A a();

  @From("a.b_c") AB a_b();

  @Sink @From("a.d") int out();

  @Sink @From("a_b") Pair out_n();

  @Node
  final class A {
    @Param final int[] p_q;
    @Reduce(ReduceOp.SUM) long b_c;

    A(int[] p_q) {
      this.p_q = p_q;
    }

    A() {
      this(new int[] {3, 5, 7});
    }

    void run(int x, @Max(1) Out<Pair> b_c, @Max(1) IntOut d) {
      this.b_c += x;
      b_c.push(new Pair(x * p_q[x % 3], x));
      if (x % 2 == 0) {
        d.push(x + p_q[0]);
      }
    }
  }

  @Node
  final class AB {
    @Reduce(ReduceOp.MAX) int c;

    void run(Pair p_q, @Max(2) Out<Pair> c) {
      this.c = Math.max(this.c, p_q.x_y());
      c.push(new Pair(p_q.x_y() + 1, p_q.x()));
      if (p_q.x() % 5 == 0) {
        c.push(new Pair(-p_q.x(), p_q.x_y()));
      }
    }
  }
}
