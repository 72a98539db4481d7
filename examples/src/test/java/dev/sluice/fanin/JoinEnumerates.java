package dev.sluice.fanin;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * The join is an enumerator (one parent per run): documents from a {@code @Max(1)} and a
 * {@code @Max(3)} producer, each counted into an END push.
 */
@Pipeline
interface JoinEnumerates {
  @Source int in();

  @From("in") FanInNodes.OneDoc one();

  @From("in") FanInNodes.ThreeDocs three();

  @From({"one", "three"}) FanInNodes.Lines lines();

  @From("lines") FanInNodes.PerDoc perDoc();

  @Sink @From("perDoc") int out();
}
