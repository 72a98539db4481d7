package dev.sluice.examples.filters;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** A chain of filters over int items: keep multiples of 3, then odd values, then values below a bound. */
@Pipeline
public interface FilterChain {
  @Source int numbers();

  @From("numbers") MultipleOf threes();

  @From("threes") Odd odds();

  @From("odds") Below small();

  @Sink @From("small") int kept();
}
