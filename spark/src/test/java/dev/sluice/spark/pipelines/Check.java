package dev.sluice.spark.pipelines;

import dev.sluice.IntOut;
import dev.sluice.Node;
import dev.sluice.Param;

/** Passes items on, and fails on the item {@code bad}, every time. */
@Node
public final class Check {
  @Param final int bad;

  public Check(int bad) {
    this.bad = bad;
  }

  public void run(int x, IntOut out) {
    if (x == bad) {
      throw new IllegalArgumentException("item " + x + " is refused by the test");
    }
    out.push(x);
  }
}
