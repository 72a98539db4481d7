package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;
import dev.sluice.Sink;
import dev.sluice.Source;

/** A filter with a {@code @Reduce} sum of every item: the kernel's arrays that {@link MovedArraysOpenClTest} has the collector move. */
@Pipeline
public interface MovedArrays {
  @Source int in();

  @From("in") Thirds thirds();

  @Sink @From("thirds") int kept();

  @Node
  final class Thirds {
    @Reduce(ReduceOp.SUM) long sum;

    void run(int x, IntOut out) {
      sum += x;
      if (x % 3 == 0) {
        out.push(x);
      }
    }
  }
}
