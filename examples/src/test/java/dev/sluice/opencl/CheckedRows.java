package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/** A source record whose constructor checks its arguments, which SLU618 allows, for {@code runColumns}. */
@Pipeline
public interface CheckedRows {
  @Source Reading in();

  @From("in") Sensor sensor();

  @Sink @From("sensor") int out();

  @Node
  final class Sensor {
    public void run(Reading r, @Max(1) IntOut out) {
      out.push(r.sensor());
    }
  }
}
