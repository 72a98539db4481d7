package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * A node that throws a checked exception no signature declares (a "sneaky throw", as Lombok's
 * {@code @SneakyThrows} or Kotlin code do) on item 500. Outside the GPU subset, so CPU only.
 */
@Pipeline(gpu = false)
public interface SneakyNode {
  @Source int in();

  @From("in") Thrower thrower();

  @Sink @From("thrower") int out();

  @Node
  final class Thrower {
    @SuppressWarnings("unchecked")
    static <T extends Throwable> void sneak(Throwable t) throws T {
      throw (T) t;
    }

    public void run(int x, @Max(1) IntOut out) {
      if (x == 500) {
        SneakyNode.Thrower.<RuntimeException>sneak(new java.io.IOException("disk gone at " + x));
      }
      out.push(x);
    }
  }
}
