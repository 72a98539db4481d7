package dev.sluice.examples.signals;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** {@link Windows} with the smallest settings: signal queues of 4 fill up with short windows. */
@Pipeline(width = 2, queueScale = 1, signalQueue = 4)
public interface TinyWindows {
  @Source Event events();

  @From("events") Mark mark();

  @From("mark") Scale scale();

  @From("scale") WindowSum window();

  @Sink @From("window") WindowTotal totals();
}
