package dev.sluice.examples.synthgain;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * MERCATOR's SynthGain shape: three stages in a chain, each with an average gain of outputs per input
 * (build it with {@link SynthGains#builder(float)}).
 */
@Pipeline
public interface SynthGain {
  @Source long ids();

  @From("ids") Gain stage1();

  @From("stage1") Gain stage2();

  @From("stage2") Gain stage3();

  @Sink @From("stage3") long items();
}
