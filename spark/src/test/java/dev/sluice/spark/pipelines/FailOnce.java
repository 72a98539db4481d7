package dev.sluice.spark.pipelines;

import dev.sluice.IntOut;
import dev.sluice.Node;
import dev.sluice.Param;

/** Passes items on; the item {@code bad} fails the first time any pipeline in this JVM sees it (see {@link Once}). */
@Node
public final class FailOnce {
  @Param final int bad;

  public FailOnce(int bad) {
    this.bad = bad;
  }

  public void run(int x, IntOut out) {
    if (x == bad && Once.first(bad)) {
      throw new IllegalStateException("item " + x + " fails on its first attempt");
    }
    out.push(x);
  }
}
