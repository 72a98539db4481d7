package dev.sluice.cpu;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;
import java.util.function.IntConsumer;

/**
 * Two nodes in a chain, the second calling code the test gives it ({@link Calls#hook}): node code
 * that runs another pipeline, as a node may on the CPU.
 */
@Pipeline(gpu = false)
interface Relay {
  @Source int in();

  @From("in") First first();

  @From("first") Calls calls();

  @Sink @From("calls") int out();

  @Node
  final class First {
    public void run(int x, @Max(1) IntOut out) {
      out.push(x);
    }
  }

  @Node
  final class Calls {
    static volatile IntConsumer hook = x -> { };

    public void run(int x, @Max(1) IntOut out) {
      hook.accept(x);
      out.push(x);
    }
  }
}
