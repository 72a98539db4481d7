package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** A pipeline kept off the device with {@code gpu = false}: it has no kernel. */
@Pipeline(gpu = false)
interface CpuOnly {
  @Source int in();

  @From("in") Overpush.Twice twice();

  @Sink @From("twice") int out();
}
