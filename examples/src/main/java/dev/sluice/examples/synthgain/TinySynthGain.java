package dev.sluice.examples.synthgain;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** {@link SynthGain} with the smallest settings: an expanding stage fills its child's queue at once. */
@Pipeline(width = 2, queueScale = 1, signalQueue = 4)
public interface TinySynthGain {
  @Source long ids();

  @From("ids") Gain stage1();

  @From("stage1") Gain stage2();

  @From("stage2") Gain stage3();

  @Sink @From("stage3") long items();
}
