package dev.sluice.spark.pipelines;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** A pipeline whose task fails on its first attempt and passes on the retry. */
@Pipeline(gpu = false)
public interface Flaky {
  @Source int numbers();

  @From("numbers") FailOnce check();

  @Sink @From("check") int passed();
}
