package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;
import dev.sluice.opencl.RegionNodes.Chars;
import dev.sluice.opencl.RegionNodes.Doc;
import dev.sluice.opencl.RegionNodes.DocTotal;
import dev.sluice.opencl.RegionNodes.Keep;
import dev.sluice.opencl.RegionNodes.LineCount;
import dev.sluice.opencl.RegionNodes.Lines;
import dev.sluice.opencl.RegionNodes.MakeLine;
import dev.sluice.opencl.RegionNodes.PerDoc;
import dev.sluice.opencl.RegionNodes.PerLine;

/**
 * Documents → lines (region 1) → characters (region 2) → kept → one count per line (END of region 2)
 * → one total per document (BEGIN/END of region 1, with @State).
 */
@Pipeline
interface NestedTotals {
  @Source Doc docs();

  @From("docs") Lines lines();

  @From("lines") MakeLine makeLine();

  @From("makeLine") Chars chars();

  @From("chars") Keep keep();

  @From("keep") PerLine perLine();

  @From("perLine") PerDoc perDoc();

  @Sink @From("perLine") LineCount lineCounts();

  @Sink @From("perDoc") DocTotal docTotals();
}
