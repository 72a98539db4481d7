package dev.sluice.protocol;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;
import dev.sluice.protocol.Nodes.Classify;
import dev.sluice.protocol.Nodes.DocLines;
import dev.sluice.protocol.Nodes.LineChars;
import dev.sluice.protocol.Nodes.MakeLine;
import dev.sluice.protocol.Nodes.PerDoc;
import dev.sluice.protocol.Nodes.PerLine;
import dev.sluice.protocol.Records.Doc;
import dev.sluice.protocol.Records.DocTotal;
import dev.sluice.protocol.Records.LineCount;

/**
 * Documents → lines (region 1) → characters (region 2) → per line → per document. Its nodes throw on
 * purpose (to test how failures are named), which a kernel cannot, so it stays on the CPU; the same
 * shape runs on OpenCL as {@code dev.sluice.opencl.NestedTotals}.
 */
@Pipeline(gpu = false)
interface Nested {
  @Source Doc docs();

  @From("docs") DocLines lines();

  @From("lines") MakeLine makeLine();

  @From("makeLine") LineChars chars();

  @From("chars") Classify classify();

  @From("classify") PerLine perLine();

  @From("perLine") PerDoc perDoc();

  @Sink @From("perLine") LineCount lineCounts();

  @Sink @From("perDoc") DocTotal docTotals();
}
