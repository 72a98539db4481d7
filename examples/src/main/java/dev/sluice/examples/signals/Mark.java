package dev.sluice.examples.signals;

import dev.sluice.LongOut;
import dev.sluice.Node;
import dev.sluice.Raise;

/** Passes each event's value on, and raises {@link WindowEnd} after the last event of a window. */
@Node
public final class Mark {
  public void run(Event e, LongOut values, Raise<WindowEnd> ends) {
    values.push(e.value());
    if (e.last() != 0) {
      ends.raise(new WindowEnd(e.window()));
    }
  }
}
