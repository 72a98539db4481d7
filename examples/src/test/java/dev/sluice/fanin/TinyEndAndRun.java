package dev.sluice.fanin;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** {@link EndAndRun} with the smallest settings: width 2, one-run queues. */
@Pipeline(width = 2, queueScale = 1, signalQueue = 4)
interface TinyEndAndRun {
  @Source FanInNodes.Doc docs();

  @From("docs") FanInNodes.Lines lines();

  @From("lines") FanInNodes.PerDoc perDoc();

  @From("docs") FanInNodes.ThreeOfDoc three();

  @From({"perDoc", "three"}) FanInNodes.Join join();

  @Sink @From("join") int out();
}
