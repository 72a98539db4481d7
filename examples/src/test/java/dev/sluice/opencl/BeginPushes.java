package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Parent;
import dev.sluice.Pipeline;
import dev.sluice.Region;
import dev.sluice.Signal;
import dev.sluice.SignalHandler;
import dev.sluice.Sink;
import dev.sluice.Source;
import dev.sluice.State;

/**
 * A BEGIN handler that pushes, upstream of a node whose own BEGIN sets its state: the pushed item is
 * the new parent's data, so {@code Stamp} must see it after its BEGIN, with the new parent open.
 */
@Pipeline(width = 4, queueScale = 1)
public interface BeginPushes {
  @Source int parents();

  @From("parents") Lines lines();

  @From("lines") Mark mark();

  @From("mark") Stamp stamp();

  @Sink @From("stamp") int out();

  /** A parent {@code p} has {@code p % 4} elements. */
  @Node
  @Region(parentBuffer = 2)
  final class Lines {
    int count(int parent) {
      return parent % 4;
    }
  }

  /** Passes the elements on, and pushes {@code MARK + parent} in BEGIN. */
  @Node
  final class Mark {
    static final int MARK = 1_000;

    @SignalHandler(Signal.BEGIN)
    void begin(int parent, @Max(1) IntOut out) {
      out.push(MARK + parent);
    }

    void run(int element, @Max(1) IntOut out) {
      out.push(element);
    }
  }

  /**
   * Stamps each item with the parent its BEGIN saw ({@code seen * 100_000 + item}), or -1 where the
   * parent open at the item is not that one.
   */
  @Node
  final class Stamp {
    @State int seen = -1;

    @SignalHandler(Signal.BEGIN)
    void begin(int parent) {
      seen = parent;
    }

    void run(int item, @Parent int parent, @Max(1) IntOut out) {
      out.push(parent == seen ? seen * 100_000 + item : -1);
    }
  }
}
