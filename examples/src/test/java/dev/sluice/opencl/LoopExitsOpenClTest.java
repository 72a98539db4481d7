package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameInts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * {@code break} and {@code continue} in a node's loops (which the kernel gets as flags) give Java's
 * answers on the CPU back end and on OpenCL: each of {@link LoopExits.Shapes}'s loop shapes, for
 * inputs that leave each loop early, late and not at all.
 */
class LoopExitsOpenClTest {
  private static final int[] TABLE = {3, 8, 9, 15, 40, 41, 100, 256, 999};

  private static int[] inputs() {
    int[] a = new int[4_000];
    for (int i = 0; i < a.length; i++) {
      a[i] = i < 2_000 ? i - 20 : (int) ((i * 2_654_435_761L) >>> 12);
    }
    return a;
  }

  /** What Java computes: the node's own run, called here for each input. */
  private static int[] java(int[] in) {
    return JavaAnswers.of(in, LoopExits.Shapes.SHAPES, new LoopExits.Shapes(TABLE)::run);
  }

  @Test
  void breakAndContinueGiveJavasAnswersOnEveryBackEnd() {
    int[] in = inputs();
    int[] expected = java(in);
    // the first shape leaves its loop at every entry of the table, and runs it to the end for x >= 999
    assertEquals(TABLE.length + 1,
        IntStream.range(0, in.length).map(k -> expected[k * LoopExits.Shapes.SHAPES]).distinct().count(),
        "the inputs leave the loops at every place");
    int[] cpu = ExitsPipeline.builder().shapes(() -> new LoopExits.Shapes(TABLE)).device(Device.cpu()).build().run(in).out();
    assertSameInts(expected, cpu, "cpu");
    Device cl = OpenClAvailable.device();
    var gpu = ExitsPipeline.builder().shapes(() -> new LoopExits.Shapes(TABLE)).device(cl).build().run(in);
    assertEquals(cl.name(), gpu.report().device(), "the run report's device");
    assertSameInts(expected, gpu.out(), "opencl");
  }

  @Test
  void aLoopUpdateOfAReduceFieldStopsAtTheBreakOnEveryBackEnd() {
    LoopExits.Group[] groups = new LoopExits.Group[300];
    java.util.List<LoopExits.Tallied> expected = new java.util.ArrayList<>();
    for (int id = 0; id < groups.length; id++) {
      groups[id] = new LoopExits.Group(id * 4 - 20, id % 13);
      int passes = 0;
      for (int member = 0; member < groups[id].size(); member++) {
        for (int t : TABLE) {
          if (t > groups[id].id() + member) {
            break;
          }
          passes++;
        }
      }
      expected.add(new LoopExits.Tallied(groups[id].id(), passes));
    }
    // members break at every entry of the table and after the last one: the tallies spread wide
    assertTrue(expected.stream().mapToInt(LoopExits.Tallied::passes).distinct().count() > 20, expected::toString);
    var cpu = FieldUpdatesPipeline.builder().tally(() -> new LoopExits.Tally(TABLE)).device(Device.cpu()).build()
        .run(groups).out();
    assertEquals(sorted(expected), sorted(cpu), "cpu");
    var gpu = FieldUpdatesPipeline.builder().tally(() -> new LoopExits.Tally(TABLE)).device(OpenClAvailable.device())
        .build().run(groups).out();
    assertEquals(sorted(expected), sorted(gpu), "opencl");
  }

  private static java.util.List<LoopExits.Tallied> sorted(java.util.List<LoopExits.Tallied> t) {
    return t.stream().sorted(java.util.Comparator.comparingInt(LoopExits.Tallied::id)).toList();
  }
}
