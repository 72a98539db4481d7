package dev.sluice.examples.fanout;

import java.util.ArrayList;
import java.util.List;

/** {@link SensorSplit} in plain Java. */
public final class Reference {
  /** The three sinks and the two reductions. */
  public record Split(List<Reading> accepted, List<Reading> rejected, float[] calibrated, int acceptedCount,
      float maxAccepted) {}

  private Reference() {}

  public static Split split(Reading[] input, float low, float high, float[] scale, float[] offset) {
    List<Reading> accepted = new ArrayList<>();
    List<Reading> rejected = new ArrayList<>();
    float max = Float.NEGATIVE_INFINITY;
    for (Reading r : input) {
      if (r.value() >= low && r.value() <= high) {
        accepted.add(r);
        max = Math.max(max, r.value());
      } else {
        rejected.add(r);
      }
    }
    float[] calibrated = new float[accepted.size()];
    for (int i = 0; i < calibrated.length; i++) {
      Reading r = accepted.get(i);
      calibrated[i] = r.value() * scale[r.sensor()] + offset[r.sensor()];
    }
    return new Split(accepted, rejected, calibrated, accepted.size(), max);
  }
}
