package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Param;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** {@code Math.exp} of arguments given as a parameter array, by index: near where it overflows. */
@Pipeline
interface ExpNearOverflow {
  @Source int in();

  @From("in") Exp exp();

  @Sink @From("exp") Value out();

  record Value(int k, double exp) {}

  @Node
  final class Exp {
    @Param final double[] xs;

    Exp(double[] xs) {
      this.xs = xs;
    }

    public void run(int k, @Max(1) Out<Value> out) {
      out.push(new Value(k, Math.exp(xs[k])));
    }
  }
}
