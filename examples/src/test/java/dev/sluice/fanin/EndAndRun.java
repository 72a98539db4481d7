package dev.sluice.fanin;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * Fan-in of an END handler's {@code @Aggregate} push (one per document, out of region 1) and a
 * transform's {@code @Max(3)} run: one join outside the region.
 */
@Pipeline
interface EndAndRun {
  @Source FanInNodes.Doc docs();

  @From("docs") FanInNodes.Lines lines();

  @From("lines") FanInNodes.PerDoc perDoc();

  @From("docs") FanInNodes.ThreeOfDoc three();

  @From({"perDoc", "three"}) FanInNodes.Join join();

  @Sink @From("join") int out();
}
