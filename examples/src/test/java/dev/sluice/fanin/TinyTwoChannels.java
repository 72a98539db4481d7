package dev.sluice.fanin;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** {@link TwoChannels} with the smallest settings: width 2, one-run queues. */
@Pipeline(width = 2, queueScale = 1, signalQueue = 4)
interface TinyTwoChannels {
  @Source int in();

  @From("in") FanInNodes.Split two();

  @From({"two.a", "two.b"}) FanInNodes.Join join();

  @Sink @From("join") int out();

  @Sink @From("two.a") int a();

  @Sink @From({"two.a", "two.b"}) int both();
}
