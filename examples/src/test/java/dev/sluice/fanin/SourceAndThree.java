package dev.sluice.fanin;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** A diamond whose short side is the source itself: the join reads the source and {@code @Max(3)}. */
@Pipeline(width = 2, queueScale = 1, signalQueue = 4)
interface SourceAndThree {
  @Source int in();

  @From("in") FanInNodes.Three three();

  @From({"in", "three"}) FanInNodes.Join join();

  @Sink @From("join") int out();
}
