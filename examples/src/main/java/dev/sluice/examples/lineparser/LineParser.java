package dev.sluice.examples.lineparser;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * MERCATOR's Taxi shape: the source items are lines of one text, {@code chars} enumerates each line's
 * characters in a region, {@code digits} keeps the digits, and {@code summarize} aggregates one
 * {@link LineSummary} per line.
 */
@Pipeline
public interface LineParser {
  @Source Line lines();

  @From("lines") Chars chars();

  @From("chars") Digits digits();

  @From("digits") Summarize summarize();

  @Sink @From("summarize") LineSummary summaries();
}
