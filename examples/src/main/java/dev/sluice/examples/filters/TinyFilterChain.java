package dev.sluice.examples.filters;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** {@link FilterChain} with the smallest settings, so queues fill and nodes block and flush. */
@Pipeline(width = 2, queueScale = 1, signalQueue = 4)
public interface TinyFilterChain {
  @Source int numbers();

  @From("numbers") MultipleOf threes();

  @From("threes") Odd odds();

  @From("odds") Below small();

  @Sink @From("small") int kept();
}
