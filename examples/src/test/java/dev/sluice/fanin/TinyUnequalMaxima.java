package dev.sluice.fanin;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** {@link UnequalMaxima} with the smallest settings: width 2, one-run queues. */
@Pipeline(width = 2, queueScale = 1, signalQueue = 4)
interface TinyUnequalMaxima {
  @Source int in();

  @From("in") FanInNodes.One one();

  @From("in") FanInNodes.Three three();

  @From({"one", "three"}) FanInNodes.Join join();

  @Sink @From("join") int out();
}
