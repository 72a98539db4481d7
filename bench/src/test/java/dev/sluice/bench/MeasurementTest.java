package dev.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MeasurementTest {
  private static Measurement ran(Impl impl, long... nanos) {
    return new Measurement("w", 1, 100, 100, impl, Measurement.Status.OK, "", nanos, 0, Double.NaN, 0, 0, null);
  }

  @Test
  void aSpeedRatioIsTheMedianOfTheRoundsRatios() {
    // each round's ratio: 2, 1.5 and 10, whose median is 2; the medians' ratio would be 30 / 10 = 3
    Measurement a = ran(Impl.SLUICE_CPU, 10, 20, 10);
    Measurement b = ran(Impl.FUSED_PAR, 20, 30, 100);
    assertEquals(2.0, a.speedOver(b), 1e-12);
    assertEquals(3.0, b.medianNanos() / (double) a.medianNanos(), 1e-12);
    assertEquals(0.5, b.speedOver(a), 1e-12);
    // an even count: the mean of the middle two
    assertEquals(1.75, ran(Impl.SLUICE_CPU, 10, 20, 10, 10).speedOver(ran(Impl.FUSED_PAR, 20, 30, 100, 15)), 1e-12);
  }

  @Test
  void onlyTheRoundsBothRanArePaired() {
    // the second stopped after two rounds (its time budget): the ratios of rounds 0 and 1, 3 and 1
    Measurement a = ran(Impl.SLUICE_CPU, 10, 30, 1, 1, 1);
    Measurement b = ran(Impl.FUSED_PAR, 30, 30);
    assertEquals(2.0, a.speedOver(b), 1e-12);
    Measurement none = new Measurement("w", 1, 100, 100, Impl.FUSED_PAR, Measurement.Status.NA, "n/a", new long[0], 0,
        Double.NaN, 0, 0, null);
    assertTrue(Double.isNaN(a.speedOver(none)));
  }
}
