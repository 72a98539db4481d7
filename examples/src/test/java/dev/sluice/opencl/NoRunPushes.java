package dev.sluice.opencl;

import dev.sluice.Aggregate;
import dev.sluice.From;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Region;
import dev.sluice.Signal;
import dev.sluice.SignalHandler;
import dev.sluice.IntOut;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * Pipelines in which no node pushes from {@code run}: only the source and enumerators move items,
 * or a node pushes only from a signal handler. Each must get a kernel that builds on the device.
 */
final class NoRunPushes {
  private NoRunPushes() {}

  /** The source straight into a sink. */
  @Pipeline
  interface SourceToSink {
    @Source int in();

    @Sink @From("in") int out();
  }

  /** The source into an enumerator whose elements (indices) go to a sink. */
  @Pipeline
  interface Enumerated {
    @Source int in();

    @From("in") Upto upto();

    @Sink @From("upto") int out();
  }

  /** Two enumerators in a row. */
  @Pipeline
  interface EnumeratedTwice {
    @Source int in();

    @From("in") Upto outer();

    @From("outer") Upto inner();

    @Sink @From("inner") int out();
  }

  /** The source into a sink directly, and into a node that pushes to the same kind of sink. */
  @Pipeline
  interface SourceToSinkAndNode {
    @Source int in();

    @From("in") Triple triple();

    @Sink @From("in") int direct();

    @Sink @From("triple") int tripled();
  }

  /** An enumerator whose only downstream node pushes from its END handler alone. */
  @Pipeline
  interface HandlerPushesOnly {
    @Source int in();

    @From("in") Upto upto();

    @From("upto") CountAtEnd counted();

    @Sink @From("counted") int out();
  }

  /**
   * Three enumerators in a row, the first one's elements also going to a sink: PoCL 3.1's compiler
   * aborted the process on this kernel until the persistent loop started at a barrier (fuzz seed
   * 220405035596, reduced).
   */
  @Pipeline
  interface EnumeratedThriceWithASink {
    @Source int in();

    @From("in") Upto outer();

    @From("outer") Upto middle();

    @From("middle") Upto inner();

    @Sink @From("outer") int tap();

    @Sink @From("inner") int out();
  }

  /** A region of {@code x % 5} elements: the indices 0..x%5-1. */
  @Node
  @Region(parentBuffer = 4, maxElements = 16)
  public static final class Upto {
    public int count(int x) {
      return x % 5;
    }
  }

  /** Three times its input. */
  @Node
  public static final class Triple {
    public void run(int x, @Max(1) IntOut out) {
      out.push(3 * x);
    }
  }

  /** Pushes nothing per element; at the end of each parent, pushes the parent. */
  @Node
  public static final class CountAtEnd {
    public void run(int i) {}

    @SignalHandler(Signal.END)
    public void end(int p, @Aggregate @Max(1) IntOut out) {
      out.push(p);
    }
  }
}
