package dev.sluice.examples.lineparser;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** {@link LineParser} with the smallest settings and a one-parent buffer. */
@Pipeline(width = 2, queueScale = 1, signalQueue = 4)
public interface TinyLineParser {
  @Source Line lines();

  @From("lines") TinyChars chars();

  @From("chars") Digits digits();

  @From("digits") Summarize summarize();

  @Sink @From("summarize") LineSummary summaries();
}
