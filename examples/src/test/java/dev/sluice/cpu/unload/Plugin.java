package dev.sluice.cpu.unload;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** An application's pipeline, loaded by a class loader of its own in {@code UnloadChild}. */
@Pipeline(gpu = false)
interface Plugin {
  @Source int in();

  @From("in") Twice twice();

  @Sink @From("twice") int out();

  @Node
  final class Twice {
    public void run(int x, @Max(1) IntOut out) {
      out.push(2 * x);
    }
  }
}
