package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;
import dev.sluice.opencl.RegionNodes.Chars;
import dev.sluice.opencl.RegionNodes.Doc;
import dev.sluice.opencl.RegionNodes.Keep;
import dev.sluice.opencl.RegionNodes.Kept;
import dev.sluice.opencl.RegionNodes.Line;
import dev.sluice.opencl.RegionNodes.Lines;
import dev.sluice.opencl.RegionNodes.MakeLine;

/** Documents → lines (region 1) → characters (region 2) → kept characters; every line is sunk too. */
@Pipeline
interface NestedData {
  @Source Doc docs();

  @From("docs") Lines lines();

  @From("lines") MakeLine makeLine();

  @From("makeLine") Chars chars();

  @From("chars") Keep keep();

  @Sink @From("makeLine") Line allLines();

  @Sink @From("keep") Kept kept();
}
