package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * Items whose {@code toString()} a failure report calls: {@link Loud}'s throws, returns null or is
 * very long, by its {@code kind}. Node {@code check} divides by its item's {@code v}, so item
 * {@code v = 0} fails the run, and the report quotes the item.
 */
@Pipeline
public interface LoudItems {
  @Source Loud in();

  @From("in") Check check();

  @Sink @From("check") int out();

  /** An item whose text is user code: {@code kind} 1 throws, 2 returns null, 3 is 5,000 characters long. */
  record Loud(int v, int kind) {
    @Override
    public String toString() {
      if (kind == 1) {
        throw new IllegalStateException("toString exploded");
      }
      return kind == 2 ? null : kind == 3 ? "x".repeat(5000) : "Loud[" + v + "]";
    }
  }

  @Node
  final class Check {
    public void run(Loud item, @Max(1) IntOut out) {
      out.push(1000 / item.v());
    }
  }
}
