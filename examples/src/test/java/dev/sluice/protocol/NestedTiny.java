package dev.sluice.protocol;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;
import dev.sluice.protocol.Nodes.Classify;
import dev.sluice.protocol.Nodes.DocLinesTiny;
import dev.sluice.protocol.Nodes.LineCharsTiny;
import dev.sluice.protocol.Nodes.MakeLine;
import dev.sluice.protocol.Nodes.PerDoc;
import dev.sluice.protocol.Nodes.PerLine;
import dev.sluice.protocol.Records.Doc;
import dev.sluice.protocol.Records.DocTotal;
import dev.sluice.protocol.Records.LineCount;

/** {@link Nested} with the smallest legal queues and one-slot parent buffers. */
@Pipeline(width = 2, queueScale = 1, signalQueue = 4, gpu = false)
interface NestedTiny {
  @Source Doc docs();

  @From("docs") DocLinesTiny lines();

  @From("lines") MakeLine makeLine();

  @From("makeLine") LineCharsTiny chars();

  @From("chars") Classify classify();

  @From("classify") PerLine perLine();

  @From("perLine") PerDoc perDoc();

  @Sink @From("perLine") LineCount lineCounts();

  @Sink @From("perDoc") DocTotal docTotals();
}
