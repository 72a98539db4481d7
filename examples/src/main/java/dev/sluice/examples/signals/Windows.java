package dev.sluice.examples.signals;

import dev.sluice.From;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * A user signal end to end: {@code mark} raises {@link WindowEnd} after each window's last event,
 * {@code scale} forwards it without handling it, {@code window} handles it by emitting the window's
 * {@link WindowTotal}.
 *
 * <p>Windows are per pipeline instance: an instance sees the events of the chunks it claims, in order.
 * A window's total is therefore well defined when all of its events lie in one chunk, i.e. when the
 * windows are contiguous in the input and every chunk boundary falls on a window boundary (with one
 * instance, always). {@link Reference#events} makes windows of one size, so any chunk size that is a
 * multiple of it will do.
 */
@Pipeline
public interface Windows {
  @Source Event events();

  @From("events") Mark mark();

  @From("mark") Scale scale();

  @From("scale") WindowSum window();

  @Sink @From("window") WindowTotal totals();
}
