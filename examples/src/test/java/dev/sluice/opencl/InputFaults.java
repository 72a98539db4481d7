package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** A record source and one node, for what bad input and interrupts do on every back end. */
@Pipeline
public interface InputFaults {
  record Pair(int a, int b) {}

  @Source Pair in();

  @From("in") Sum sum();

  @Sink @From("sum") int out();

  @Node
  final class Sum {
    public void run(Pair p, @Max(1) IntOut out) {
      out.push(p.a() + p.b());
    }
  }
}
