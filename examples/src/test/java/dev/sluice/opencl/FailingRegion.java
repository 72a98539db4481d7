package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Param;
import dev.sluice.Parent;
import dev.sluice.Pipeline;
import dev.sluice.Region;
import dev.sluice.Signal;
import dev.sluice.SignalHandler;
import dev.sluice.Sink;
import dev.sluice.Source;
import dev.sluice.State;

/**
 * A region whose node fails on one element of one parent ({@code op} 0) or in its END handler for
 * one parent ({@code op} 1): the failure names the element or signal, and the parent.
 */
@Pipeline
public interface FailingRegion {
  @Source Span spans();

  @From("spans") Elements elements();

  @From("elements") Check check();

  @Sink @From("check") int out();

  /** A parent: {@code n} elements, named {@code id}. */
  record Span(int id, int n) {}

  @Node @Region(parentBuffer = 8)
  final class Elements {
    public int count(Span parent) {
      return parent.n();
    }
  }

  @Node
  final class Check {
    @Param final int op;
    @State int last;

    Check(int op) {
      this.op = op;
    }

    public void run(int i, @Parent Span span, @Max(1) IntOut out) {
      // element 3 of the one parent with 7 elements
      out.push(op == 0 ? 100 / (i * 10 + span.n() - 37) : i);
    }

    @SignalHandler(Signal.END)
    void end(Span span) {
      last = 100 / (op == 1 ? span.id() - 42 : 1);
    }
  }
}
