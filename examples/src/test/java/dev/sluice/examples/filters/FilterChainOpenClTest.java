package dev.sluice.examples.filters;

import static dev.sluice.examples.Multisets.assertSameInts;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import dev.sluice.runtime.testing.SliceSize;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The filter chain on the OpenCL back end, against the CPU back end and the reference, as multisets. */
class FilterChainOpenClTest {
  @Test
  void arraysMatchCpu() {
    Device cl = OpenClAvailable.device();
    for (int n : new int[] {0, 1, 63, 64, 65, 20_000}) {
      int[] in = FilterChainTest.input(n);
      int[] expected = Reference.kept(in, 3, FilterChainTest.BOUND);
      for (int groups : new int[] {0, 1, 3}) {
        for (int chunk : new int[] {1, 7, 1 << 14}) {
          String what = "n=" + n + " groups=" + groups + " chunk=" + chunk;
          FilterChainPipeline.Result gpu = FilterChainPipeline.builder().small(() -> new Below(FilterChainTest.BOUND))
              .instances(groups).chunkSize(chunk).device(cl).build().run(in);
          FilterChainPipeline.Result cpu = FilterChainPipeline.builder().small(() -> new Below(FilterChainTest.BOUND))
              .chunkSize(chunk).device(Device.cpu()).build().run(in);

          assertSameInts(cpu.kept(), gpu.kept(), what);
          assertSameInts(expected, gpu.kept(), what);
          FilterChainTest.assertConserved(gpu.report(), n, gpu.kept().length);
        }
      }
    }
  }

  @Test
  void rangesChunkStreamsAndSlicesMatchCpu() {
    Device cl = OpenClAvailable.device();
    FilterChainPipeline p = FilterChainPipeline.builder().threes(() -> new MultipleOf(5))
        .small(() -> new Below(1_500)).chunkSize(64).device(cl).build();
    int[] range = new int[3_000];
    for (int i = 0; i < range.length; i++) {
      range[i] = i - 1_000;
    }
    assertSameInts(Reference.kept(range, 5, 1_500), p.runRange(-1_000, 2_000).kept(), "runRange");
    int[] in = FilterChainTest.input(2_000);
    List<int[]> parts = List.of(Arrays.copyOfRange(in, 0, 700), new int[0], Arrays.copyOfRange(in, 700, 2_000));
    assertSameInts(Reference.kept(in, 5, 1_500), p.runChunks(parts.iterator()).kept(), "runChunks");
    // small launches: the input streams through the device in slices of 333 items
    SliceSize.with(333, () -> {
      FilterChainPipeline.Result r = p.run(in);
      assertSameInts(Reference.kept(in, 5, 1_500), r.kept(), "slices of 333");
      assertEquals(in.length, r.report().stage("numbers").itemsOut(), "every slice read");
    });
  }

  @Test
  void aStreamOfSmallArraysRunsInFewLaunches() {
    Device cl = OpenClAvailable.device();
    int[] in = FilterChainTest.input(3_000);
    List<int[]> ones = new ArrayList<>();
    for (int x : in) {
      ones.add(new int[] {x});
    }
    ones.add(2, new int[0]);
    FilterChainPipeline automatic = FilterChainPipeline.builder().small(() -> new Below(FilterChainTest.BOUND))
        .device(cl).build();
    FilterChainPipeline.Result r = automatic.runChunks(ones.iterator());
    assertSameInts(Reference.kept(in, 3, FilterChainTest.BOUND), r.kept(), "3,000 one-item arrays");
    // a launch each took 3 s on PoCL; joined, the arrays fill one slice
    assertEquals(1, r.report().deviceUse().slices(), r.report().deviceUse().toString());
    // with a chunk size set, each array's items are claims of their own, as on the CPU back end
    FilterChainPipeline set = FilterChainPipeline.builder().small(() -> new Below(FilterChainTest.BOUND))
        .chunkSize(4).device(cl).build();
    FilterChainPipeline.Result each = set.runChunks(ones.subList(0, 41).iterator());
    assertSameInts(Reference.kept(Arrays.copyOf(in, 40), 3, FilterChainTest.BOUND), each.kept(), "40 arrays, chunks of 4");
    assertEquals(40, each.report().deviceUse().slices(), each.report().deviceUse().toString());
    // arrays of whole chunks are joined (one-item arrays, chunks of 1: a launch each took 70 s for 160,000)
    FilterChainPipeline.Result ofOne = FilterChainPipeline.builder().small(() -> new Below(FilterChainTest.BOUND))
        .chunkSize(1).device(cl).build().runChunks(ones.iterator());
    assertSameInts(Reference.kept(in, 3, FilterChainTest.BOUND), ofOne.kept(), "3,000 one-item arrays, chunks of 1");
    assertEquals(1, ofOne.report().deviceUse().slices(), ofOne.report().deviceUse().toString());
  }

  /**
   * Many small arrays of several lengths, joined into slices by appending to the join's own array
   * and copying it into a larger one when full (outside-in helper-64: each join copied all before
   * it, so 640,000 one-item arrays took 83 s): every item once, in a slice of its own input order.
   */
  @Test
  void manySmallArraysOfSeveralLengthsJoinIntoSlicesWithEveryItemOnce() {
    int[] in = FilterChainTest.input(60_000);
    List<int[]> parts = new ArrayList<>();
    for (int at = 0, k = 0; at < in.length; k++) {
      int n = Math.min(in.length - at, k % 7);
      parts.add(Arrays.copyOfRange(in, at, at + n));
      at += n;
    }
    FilterChainPipeline.Result r = FilterChainPipeline.builder().small(() -> new Below(FilterChainTest.BOUND))
        .device(OpenClAvailable.device()).build().runChunks(parts.iterator());
    assertSameInts(Reference.kept(in, 3, FilterChainTest.BOUND), r.kept(), parts.size() + " arrays of 0 to 6 items");
    assertEquals(in.length, r.report().stage("numbers").itemsOut(), "every item read once");
  }

  @Test
  void ranOnTheOpenClDevice() {
    Device cl = OpenClAvailable.device();
    FilterChainPipeline.Result r = FilterChainPipeline.builder().small(() -> new Below(100)).device(cl).build()
        .run(FilterChainTest.input(1_000));
    assertEquals(cl.name(), r.report().device(), "the report names the OpenCL device, not the JVM");
    assertEquals(1_000, r.report().stage("threes").itemsIn());
  }

  @Test
  void tinySettingsMatchReference() {
    // width 2 and one-run queues on the device: every FULL, flush and partial-run path of the kernel
    FilterChainTest.tinySettingsMatchReference(OpenClAvailable.device());
  }
}
