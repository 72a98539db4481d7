package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code Math.exp} is finite on the device wherever it is in Java. PoCL's {@code exp} (SLEEF's) is
 * infinite from 709.78271114955742909 on, some fifteen million doubles below
 * 709.782712893384, the largest argument whose {@code exp} is finite (outside-in helper-61): every argument there gave
 * {@code Infinity} where Java gives up to 1.7976931348622732E308. Within 1 ulp of the JVM's value,
 * the bound the user guide gives for {@code exp}; infinities exact.
 */
class ExpNearOverflowOpenClTest {
  /** Where PoCL's exp overflowed: the first double whose exp was infinite there. */
  private static final double POCL_CUTOFF = 709.78271114955743;
  /** The largest double whose exp is finite in Java (checked below). */
  private static final double LARGEST_FINITE = 709.782712893384;

  private static double[] arguments() {
    List<Double> xs = new ArrayList<>(List.of(709.0, 709.78271114955742, POCL_CUTOFF, 709.782711151384, 709.7827125,
        Math.nextDown(LARGEST_FINITE), LARGEST_FINITE,
        Math.nextUp(LARGEST_FINITE), 710.0, -745.2, Double.POSITIVE_INFINITY, Double.NaN));
    for (int i = 0; i <= 200; i++) {
      xs.add(POCL_CUTOFF + (LARGEST_FINITE - POCL_CUTOFF) * i / 200);
    }
    return xs.stream().mapToDouble(Double::doubleValue).toArray();
  }

  @Test
  void expIsFiniteWhereJavasIs() {
    double[] xs = arguments();
    assertEquals(Double.POSITIVE_INFINITY, Math.exp(Math.nextUp(LARGEST_FINITE)));
    assertTrue(Double.isFinite(Math.exp(LARGEST_FINITE)));
    int[] in = new int[xs.length];
    for (int k = 0; k < in.length; k++) {
      in[k] = k;
    }
    for (Device d : List.of(Device.cpu(), OpenClAvailable.device())) {
      double[] got = new double[xs.length];
      for (ExpNearOverflow.Value v : ExpNearOverflowPipeline.builder().exp(() -> new ExpNearOverflow.Exp(xs))
          .device(d).build().run(in).out()) {
        got[v.k()] = v.exp();
      }
      StringBuilder wrong = new StringBuilder();
      for (int k = 0; k < xs.length; k++) {
        double java = Math.exp(xs[k]);
        boolean ok = Double.isFinite(java)
            ? Double.isFinite(got[k]) && Math.abs(got[k] - java) <= Math.ulp(java)
            : Double.doubleToLongBits(got[k]) == Double.doubleToLongBits(java);
        if (!ok) {
          wrong.append("\n  exp(").append(xs[k]).append(") = ").append(got[k]).append(", Java ").append(java);
        }
      }
      assertTrue(wrong.length() == 0, d + ":" + wrong);
    }
  }
}
