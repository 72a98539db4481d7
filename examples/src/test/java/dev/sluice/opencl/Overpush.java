package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** A pipeline whose node breaks its own {@code @Max} on one bad item: the error must name it. */
@Pipeline
interface Overpush {
  @Source int in();

  @From("in") Twice twice();

  @Sink @From("twice") int out();

  /** Pushes one item, but two for the item {@code bad}: beyond {@code @Max(1)}. */
  @Node
  final class Twice {
    public void run(int x, @Max(1) IntOut out) {
      out.push(x);
      if (x == 777) {
        out.push(x);
      }
    }
  }
}
