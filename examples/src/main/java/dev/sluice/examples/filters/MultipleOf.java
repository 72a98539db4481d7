package dev.sluice.examples.filters;

import dev.sluice.IntOut;
import dev.sluice.Node;
import dev.sluice.Param;

/** Keeps items divisible by {@code divisor}. */
@Node
public final class MultipleOf {
  @Param final int divisor;

  public MultipleOf(int divisor) {
    this.divisor = divisor;
  }

  public MultipleOf() {
    this(3);
  }

  public void run(int x, IntOut out) {
    if (x % divisor == 0) {
      out.push(x);
    }
  }
}
