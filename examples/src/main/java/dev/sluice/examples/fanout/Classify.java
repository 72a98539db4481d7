package dev.sluice.examples.fanout;

import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Param;
import dev.sluice.Reduce;
import dev.sluice.ReduceOp;

/**
 * Splits readings in two channels: {@code accepted} when {@code low <= value <= high}, else
 * {@code rejected}. Counts the accepted readings and keeps the largest accepted value.
 */
@Node
public final class Classify {
  @Param final float low;
  @Param final float high;
  @Reduce(ReduceOp.SUM) int acceptedCount;
  @Reduce(ReduceOp.MAX) float maxAccepted;

  public Classify(float low, float high) {
    this.low = low;
    this.high = high;
  }

  public void run(Reading r, Out<Reading> accepted, Out<Reading> rejected) {
    if (r.value() >= low && r.value() <= high) {
      accepted.push(r);
      acceptedCount += 1;
      maxAccepted = Math.max(maxAccepted, r.value());
    } else {
      rejected.push(r);
    }
  }
}
