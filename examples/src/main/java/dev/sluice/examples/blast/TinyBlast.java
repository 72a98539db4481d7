package dev.sluice.examples.blast;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** {@link Blast} with the smallest settings and a one-chunk parent buffer. */
@Pipeline(width = 2, queueScale = 1, signalQueue = 4)
public interface TinyBlast {
  @Source Chunk chunks();

  @From("chunks") TinyKmerStarts starts();

  @From("starts") Lookup lookup();

  @From("lookup") Extend extend();

  @Sink @From("extend") Hit hits();
}
