package dev.sluice.spark.pipelines;

import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Param;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;

/**
 * Drops negative readings; scales the others by their sensor's gain and pushes the result, and for an
 * even sensor also its negation (a variable number of outputs per input). Counts the readings kept and
 * keeps the largest scaled value.
 */
@Node
public final class Scale {
  @Param final float[] gains;
  @Reduce(ReduceOp.SUM) int kept;
  @Reduce(ReduceOp.MAX) float largest;

  public Scale(float[] gains) {
    this.gains = gains;
  }

  public void run(Reading r, @Max(2) Out<Scaled> out) {
    if (r.value() >= 0) {
      float v = r.value() * gains[r.sensor()];
      out.push(new Scaled(r.sensor(), v));
      if (r.sensor() % 2 == 0) {
        out.push(new Scaled(r.sensor(), -v));
      }
      kept += 1;
      largest = Math.max(largest, v);
    }
  }
}
