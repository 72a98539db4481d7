package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.opencl.SignalsAcrossRegions.Rec;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * User signals into and out of a region ({@link SignalsAcrossRegions}) arrive in the same order on
 * every back end: with one instance the whole output, item by item; with two, the same multiset of
 * elements and signals.
 */
class SignalsAcrossRegionsTest {
  private static final int[] PARENTS = new int[3_000];

  static {
    for (int i = 0; i < PARENTS.length; i++) {
      PARENTS[i] = (i * 37) % 501;
    }
  }

  /** The output in the order one instance gives it, from the documented semantics. */
  private static List<Rec> expected() {
    List<Rec> out = new ArrayList<>();
    int seen = 0;
    for (int p : PARENTS) {
      for (int e = 0; e < p % 4; e++) {
        out.add(new Rec(0, p * 100 + e, 0));
        seen++;
        if (e % 2 == 1) {
          out.add(new Rec(2, p * 100 + e, seen));
          seen = 0;
        }
      }
      if (p % 3 == 0) {
        out.add(new Rec(1, p, seen));
        seen = 0;
      }
    }
    return out;
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void oneInstanceSeesEverySignalInOrderWithTheItems(String device) {
    List<Rec> got = SignalsAcrossRegionsPipeline.builder().device(OpenClAvailable.named(device)).instances(1)
        .chunkSize(PARENTS.length).maxSteps(10_000_000L).build().run(PARENTS).out();
    List<Rec> want = expected();
    for (int i = 0; i < Math.min(got.size(), want.size()); i++) {
      assertEquals(want.get(i), got.get(i), device + ": output item " + i);
    }
    assertEquals(want.size(), got.size(), device + ": output items");
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void twoInstancesGiveTheSameElementsAndSignals(String device) {
    Comparator<Rec> order = Comparator.comparingInt(Rec::kind).thenComparingInt(Rec::at);
    List<Rec> want = new ArrayList<>(expected().stream().map(r -> new Rec(r.kind(), r.at(), 0)).toList());
    List<Rec> got = new ArrayList<>(SignalsAcrossRegionsPipeline.builder().device(OpenClAvailable.named(device)).instances(2)
        .chunkSize(64).maxSteps(10_000_000L).build().run(PARENTS).out()
        .stream().map(r -> new Rec(r.kind(), r.at(), 0)).toList());
    want.sort(order);
    got.sort(order);
    assertEquals(want, got, device);
  }
}
