package dev.sluice.spark.pipelines;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** The adapter's test pipeline: a record source, an expanding filter with two reductions, a record sink. */
@Pipeline
public interface Gains {
  @Source Reading readings();

  @From("readings") Scale scale();

  @Sink @From("scale") Scaled scaled();
}
