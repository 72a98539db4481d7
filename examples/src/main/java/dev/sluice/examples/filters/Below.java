package dev.sluice.examples.filters;

import dev.sluice.IntOut;
import dev.sluice.Node;
import dev.sluice.Param;

/** Keeps items below {@code bound}. */
@Node
public final class Below {
  @Param final int bound;

  public Below(int bound) {
    this.bound = bound;
  }

  public void run(int x, IntOut out) {
    if (x < bound) {
      out.push(x);
    }
  }
}
