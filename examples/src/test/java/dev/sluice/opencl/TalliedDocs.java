package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;
import dev.sluice.opencl.RegionNodes.Doc;
import dev.sluice.opencl.RegionNodes.Line;
import dev.sluice.opencl.RegionNodes.MakeLine;
import dev.sluice.opencl.RegionNodes.TalliedLines;

/** Documents → lines (region 1, its enumerator reducing in {@code count}) → line records. */
@Pipeline
interface TalliedDocs {
  @Source Doc docs();

  @From("docs") TalliedLines lines();

  @From("lines") MakeLine makeLine();

  @Sink @From("makeLine") Line allLines();
}
