package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Param;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** A node without fields and one with a {@code @Param}: both made by factories, on every back end. */
@Pipeline
public interface FactoryCalls {
  @Source int in();

  @From("in") Plain plain();

  @From("plain") Tuned tuned();

  @Sink @From("tuned") int out();

  @Node
  final class Plain {
    public void run(int x, @Max(1) IntOut out) {
      out.push(x + 1);
    }
  }

  @Node
  final class Tuned {
    @Param final int add;

    Tuned(int add) {
      this.add = add;
    }

    public void run(int x, @Max(1) IntOut out) {
      out.push(x + add);
    }
  }
}
