package dev.sluice.readme;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

@Pipeline
public interface Taxi {
  @Source Line lines();
  @From("lines") Chars chars();
  @From("chars") Digits digits();
  @From("digits") PerLine perLine();
  @Sink @From("perLine") Summary summaries();
}
