package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;
import dev.sluice.opencl.RegionNodes.AtMostFive;
import dev.sluice.opencl.RegionNodes.Doc;
import dev.sluice.opencl.RegionNodes.Line;
import dev.sluice.opencl.RegionNodes.MakeLine;

/** A region whose count can exceed its {@code maxElements}. */
@Pipeline
interface TooManyLines {
  @Source Doc docs();

  @From("docs") AtMostFive lines();

  @From("lines") MakeLine makeLine();

  @Sink @From("makeLine") Line out();
}
