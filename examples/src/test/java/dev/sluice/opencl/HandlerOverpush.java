package dev.sluice.opencl;

import dev.sluice.Aggregate;
import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Signal;
import dev.sluice.SignalHandler;
import dev.sluice.Sink;
import dev.sluice.Source;
import dev.sluice.opencl.RegionNodes.Doc;
import dev.sluice.opencl.RegionNodes.Line;
import dev.sluice.opencl.RegionNodes.Lines;
import dev.sluice.opencl.RegionNodes.MakeLine;

/** A pipeline whose END handler breaks its own {@code @Max} for one document: the error must name the signal. */
@Pipeline
interface HandlerOverpush {
  @Source Doc docs();

  @From("docs") Lines lines();

  @From("lines") MakeLine makeLine();

  @From("makeLine") EndTwice perDoc();

  @Sink @From("perDoc") int out();

  /** Pushes the document's id at its END, twice for document {@code bad}: beyond {@code @Max(1)}. */
  @Node
  final class EndTwice {
    public void run(Line l) {}

    @SignalHandler(Signal.END)
    public void end(Doc d, @Aggregate @Max(1) IntOut out) {
      out.push(d.id());
      if (d.id() == 13) {
        out.push(d.id());
      }
    }
  }
}
