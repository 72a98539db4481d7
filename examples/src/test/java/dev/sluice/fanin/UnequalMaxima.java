package dev.sluice.fanin;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** Fan-in of two producers with different maxima: {@code @Max(1)} and {@code @Max(3)} into one join. */
@Pipeline
interface UnequalMaxima {
  @Source int in();

  @From("in") FanInNodes.One one();

  @From("in") FanInNodes.Three three();

  @From({"one", "three"}) FanInNodes.Join join();

  @Sink @From("join") int out();
}
