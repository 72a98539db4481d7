package dev.sluice.examples.filters;

import dev.sluice.IntOut;
import dev.sluice.Node;

/** Keeps odd items. */
@Node
public final class Odd {
  public void run(int x, IntOut out) {
    if ((x & 1) != 0) {
      out.push(x);
    }
  }
}
