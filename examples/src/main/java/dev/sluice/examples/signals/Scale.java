package dev.sluice.examples.signals;

import dev.sluice.LongOut;
import dev.sluice.Node;
import dev.sluice.Param;

/**
 * Drops negative values and multiplies the rest by {@code factor}. It has no handler for
 * {@link WindowEnd}, so the runtime forwards those signals past it, in order with its outputs.
 */
@Node
public final class Scale {
  @Param final long factor;

  public Scale(long factor) {
    this.factor = factor;
  }

  public Scale() {
    this(3);
  }

  public void run(long v, LongOut out) {
    if (v >= 0) {
      out.push(v * factor);
    }
  }
}
