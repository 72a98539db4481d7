package dev.sluice.examples.fanout;

import dev.sluice.FloatOut;
import dev.sluice.Node;
import dev.sluice.Param;

/** Turns a reading into a calibrated value: {@code value * scale[sensor] + offset[sensor]}. */
@Node
public final class Calibrate {
  @Param final float[] scale;
  @Param final float[] offset;

  public Calibrate(float[] scale, float[] offset) {
    this.scale = scale;
    this.offset = offset;
  }

  public void run(Reading r, FloatOut out) {
    out.push(r.value() * scale[r.sensor()] + offset[r.sensor()]);
  }
}
