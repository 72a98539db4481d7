package dev.sluice.examples.fanout;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * Fan-out: a classifier with two output channels, each feeding a sink; the {@code accepted} channel
 * is also broadcast to a second node, {@code calibrate}, whose values go to a third sink.
 */
@Pipeline
public interface SensorSplit {
  @Source Reading readings();

  @From("readings") Classify classify();

  @Sink @From("classify.accepted") Reading accepted();

  @Sink @From("classify.rejected") Reading rejected();

  @From("classify.accepted") Calibrate calibrate();

  @Sink @From("calibrate") float calibrated();
}
