package dev.sluice.fanin;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * Fan-in of two channels of one node into one join; channel {@code a} is also broadcast to a sink,
 * and both channels are joined again at a sink.
 */
@Pipeline
interface TwoChannels {
  @Source int in();

  @From("in") FanInNodes.Split two();

  @From({"two.a", "two.b"}) FanInNodes.Join join();

  @Sink @From("join") int out();

  @Sink @From("two.a") int a();

  @Sink @From({"two.a", "two.b"}) int both();
}
