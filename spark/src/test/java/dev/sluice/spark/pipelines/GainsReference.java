package dev.sluice.spark.pipelines;

import java.util.ArrayList;
import java.util.List;

/** {@link Gains} in plain Java. */
public final class GainsReference {
  private GainsReference() {}

  public static List<Scaled> scaled(List<Reading> in, float[] gains) {
    List<Scaled> out = new ArrayList<>();
    for (Reading r : in) {
      if (r.value() >= 0) {
        float v = r.value() * gains[r.sensor()];
        out.add(new Scaled(r.sensor(), v));
        if (r.sensor() % 2 == 0) {
          out.add(new Scaled(r.sensor(), -v));
        }
      }
    }
    return out;
  }

  public static int kept(List<Reading> in) {
    return (int) in.stream().filter(r -> r.value() >= 0).count();
  }

  public static float largest(List<Reading> in, float[] gains) {
    float m = Float.NEGATIVE_INFINITY;
    for (Reading r : in) {
      if (r.value() >= 0) {
        m = Math.max(m, r.value() * gains[r.sensor()]);
      }
    }
    return m;
  }

  /** {@code n} readings of {@code sensors} sensors, about a quarter of them negative, the same for the same seed. */
  public static List<Reading> readings(int n, int sensors, long seed) {
    java.util.Random random = new java.util.Random(seed);
    List<Reading> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(new Reading(random.nextInt(sensors), random.nextFloat() * 100 - 25));
    }
    return out;
  }

  public static float[] gains(int sensors) {
    float[] g = new float[sensors];
    for (int s = 0; s < sensors; s++) {
      g[s] = 0.5f + s * 0.25f;
    }
    return g;
  }
}
