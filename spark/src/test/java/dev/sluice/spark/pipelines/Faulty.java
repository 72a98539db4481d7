package dev.sluice.spark.pipelines;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** A node that refuses one item; CPU only (a throw is outside the GPU subset), so it also has no kernel. */
@Pipeline(gpu = false)
public interface Faulty {
  @Source int numbers();

  @From("numbers") Check check();

  @Sink @From("check") int passed();
}
