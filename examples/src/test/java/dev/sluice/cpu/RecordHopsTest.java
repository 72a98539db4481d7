package dev.sluice.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.examples.Multisets;
import dev.sluice.runtime.Device;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The direct executor holds a record that javac wrote every member of by its components and builds
 * it again for the consumer (docs/architecture.md, "Records between stages"); a record with an
 * accessor that computes or a constructor of its own travels as the object pushed. Either way each
 * consumer sees what its producer pushed: the output is a plain loop's (as a multiset: two instances),
 * on both CPU executors, and
 * {@code Counted}'s constructor ran once per record the nodes made.
 */
class RecordHopsTest {
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void eachConsumerSeesWhatItsProducerPushed(boolean scheduled) {
    long[] in = new long[5000];
    for (int i = 0; i < in.length; i++) {
      in[i] = i * 2654435761L % 100_003 - 50_000;
    }
    List<Counted> expected = reference(in);
    long made = Counted.MADE.get();
    List<Counted> out = RecordHopsPipeline.builder()
        .device(scheduled ? Device.cpuScheduled() : Device.cpu()).instances(2).build().run(in).out();
    // the nodes made one Counted per output, as the reference did: none was built again
    assertEquals(expected.size(), Counted.MADE.get() - made, "Counted's constructor calls in the run");
    // two instances: each keeps its items' order, the result interleaves them in no defined order
    Multisets.assertSameItems(expected, out, "records out");
  }

  /** The pipeline's nodes as one loop, in the direct executor's order. */
  private static List<Counted> reference(long[] in) {
    List<Counted> out = new ArrayList<>();
    for (long x : in) {
      for (int i = 0; i < (int) Math.floorMod(x, 4L); i++) {
        long a = x * 10 + i;
        int b = i;
        if (a % 7 == 3) {
          continue;
        }
        long sa = a + b;
        int sb = b + 1;
        for (int j = 0; j < sb * 4; j++) {
          long fa = sa * 3 + j;
          int fb = sb + j;
          // Shifted: a() reads 1000 more than the field, once per ToCounted
          List<long[]> shifted = new ArrayList<>();
          shifted.add(new long[] {fa, fb});
          if (fb % 2 == 0) {
            shifted.add(new long[] {fa + 1000, fb + 1});
          }
          for (long[] s : shifted) {
            Counted c = new Counted(s[0] + 1000, (int) s[1]);
            out.add(c);
            if (c.b() % 3 == 0) {
              out.add(new Counted(c.a() + 1, c.b()));
            }
          }
        }
      }
    }
    return out;
  }
}
