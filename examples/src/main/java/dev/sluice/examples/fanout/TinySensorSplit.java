package dev.sluice.examples.fanout;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** {@link SensorSplit} with the smallest settings: a broadcast edge whose consumers fill up unevenly. */
@Pipeline(width = 2, queueScale = 1, signalQueue = 4)
public interface TinySensorSplit {
  @Source Reading readings();

  @From("readings") Classify classify();

  @Sink @From("classify.accepted") Reading accepted();

  @Sink @From("classify.rejected") Reading rejected();

  @From("classify.accepted") Calibrate calibrate();

  @Sink @From("calibrate") float calibrated();
}
