package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;
import dev.sluice.opencl.RegionNodes.CharsTiny;
import dev.sluice.opencl.RegionNodes.Doc;
import dev.sluice.opencl.RegionNodes.Keep;
import dev.sluice.opencl.RegionNodes.Kept;
import dev.sluice.opencl.RegionNodes.Line;
import dev.sluice.opencl.RegionNodes.LinesTiny;
import dev.sluice.opencl.RegionNodes.MakeLine;

/** {@link NestedData} with width 2, one-run queues, the smallest signal queues and one-slot parent buffers. */
@Pipeline(width = 2, queueScale = 1, signalQueue = 4)
interface NestedDataTiny {
  @Source Doc docs();

  @From("docs") LinesTiny lines();

  @From("lines") MakeLine makeLine();

  @From("makeLine") CharsTiny chars();

  @From("chars") Keep keep();

  @Sink @From("makeLine") Line allLines();

  @Sink @From("keep") Kept kept();
}
