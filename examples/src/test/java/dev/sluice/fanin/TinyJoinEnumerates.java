package dev.sluice.fanin;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** {@link JoinEnumerates} with the smallest settings: width 2, one-run queues. */
@Pipeline(width = 2, queueScale = 1, signalQueue = 4)
interface TinyJoinEnumerates {
  @Source int in();

  @From("in") FanInNodes.OneDoc one();

  @From("in") FanInNodes.ThreeDocs three();

  @From({"one", "three"}) FanInNodes.Lines lines();

  @From("lines") FanInNodes.PerDoc perDoc();

  @Sink @From("perDoc") int out();
}
