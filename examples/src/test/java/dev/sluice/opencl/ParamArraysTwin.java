package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** {@link ParamArrays} as a second pipeline class: a kernel of its own, for LiveKernelsOpenClTest. */
@Pipeline
interface ParamArraysTwin {
  @Source int in();

  @From("in") ParamArrays.Mix mix();

  @Sink @From("mix") long out();
}
