package dev.sluice.examples.signals;

import static dev.sluice.examples.Multisets.assertSameItems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.testing.OpenClAvailable;
import dev.sluice.runtime.testing.SliceSize;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * User signals on the OpenCL back end: {@code mark} raises {@link WindowEnd} among its pushes,
 * {@code scale} forwards it, {@code window} handles it with its payload, against the CPU back end and
 * the reference. The windows are whole in every chunk (see {@link WindowsTest}).
 */
class WindowsOpenClTest {
  @Test
  void matchesCpuAndReference() {
    Device cl = OpenClAvailable.device();
    for (int windows : new int[] {0, 1, 500, 5_000}) {
      Event[] events = Reference.events(new Random(6), windows, WindowsTest.SIZE);
      List<WindowTotal> expected = Reference.totals(events, 3);
      for (int groups : new int[] {0, 1, 3}) {
        for (int chunk : new int[] {WindowsTest.SIZE, 7 * WindowsTest.SIZE, RunOptions.DEFAULT_CHUNK}) {
          String what = "windows=" + windows + " groups=" + groups + " chunk=" + chunk;
          WindowsPipeline.Result gpu = WindowsPipeline.builder().scale(() -> new Scale(3)).instances(groups)
              .chunkSize(chunk).device(cl).build().run(events);
          WindowsPipeline.Result cpu = WindowsPipeline.builder().scale(() -> new Scale(3)).chunkSize(chunk)
              .device(Device.cpu()).build().run(events);
          assertSameItems(cpu.totals(), gpu.totals(), what);
          assertSameItems(expected, gpu.totals(), what);
          WindowsTest.assertConserved(gpu.report(), events, gpu.totals(), windows, what);
          assertEquals(0, gpu.windowCount(), what + ": every window ended, so nothing is left over");
        }
      }
    }
  }

  @Test
  void unevenWindowsInOneGroupAndSlices() {
    // one instance sees the whole input in order, so any window sizes work; slices of 333 items
    // cut windows, and a window's sums must carry over to the next slice
    Device cl = OpenClAvailable.device();
    Event[] events = Reference.unevenEvents(new Random(5), 400, 20);
    SliceSize.with(333, () -> {
      WindowsPipeline.Result r = WindowsPipeline.builder().scale(() -> new Scale(3)).instances(1).chunkSize(7)
          .device(cl).build().run(events);
      assertSameItems(Reference.totals(events, 3), r.totals(), "uneven windows, slices of 333");
    });
  }

  /**
   * Several groups keep windows whole when no claim cuts one: slices of 1,001 items, not a multiple of
   * the window, are cut where a chunk begins (outside-in helper-49: windows split at every slice's
   * start, 281 of 6,666 with slices of 1,000).
   */
  @Test
  void slicesOfAnySizeKeepChunksWhole() {
    Device cl = OpenClAvailable.device();
    Event[] events = Reference.events(new Random(8), 5_000, WindowsTest.SIZE);
    List<WindowTotal> expected = Reference.totals(events, 3);
    for (int chunk : new int[] {WindowsTest.SIZE, 3 * WindowsTest.SIZE}) {
      SliceSize.with(1001, () -> {
        WindowsPipeline.Result r = WindowsPipeline.builder().scale(() -> new Scale(3)).instances(3).chunkSize(chunk)
            .device(cl).build().run(events);
        assertSameItems(expected, r.totals(), "chunk " + chunk + ", slices of 1001");
        assertEquals(0, r.windowCount(), "chunk " + chunk + ": every window ended whole");
      });
    }
  }

  /**
   * A slice set below the chunk size is one chunk: the rest of a chunk went to the next launch, where
   * any group could claim it (outside-in helper-108: windows of 5 in chunks of 15 split at slices of 7).
   */
  @Test
  void aSliceBelowTheChunkSizeKeepsChunksWhole() {
    Device cl = OpenClAvailable.device();
    Event[] events = Reference.events(new Random(10), 200, WindowsTest.SIZE);
    List<WindowTotal> expected = Reference.totals(events, 3);
    int chunk = 3 * WindowsTest.SIZE;
    SliceSize.with(chunk - 1, () -> {
      WindowsPipeline.Result r = WindowsPipeline.builder().scale(() -> new Scale(3)).instances(8).chunkSize(chunk)
          .device(cl).build().run(events);
      assertSameItems(expected, r.totals(), "chunk " + chunk + ", slices of " + (chunk - 1));
      assertEquals(0, r.windowCount(), "every window ended whole");
      // which group claims the rest of a split chunk is a race that PoCL's groups seldom run, so the
      // slices themselves are what is checked: one chunk each
      assertEquals((events.length + chunk - 1) / chunk, r.report().deviceUse().slices(), r.report().deviceUse().toString());
    });
  }

  /**
   * A budget that cannot hold one chunk's input at once cuts each chunk into launches, and group 0
   * alone claims in those, so a chunk's parts run in order in one group, as one CPU instance runs a
   * chunk (any group could claim a part before: outside-in helper-108). Every window stays whole.
   */
  @Test
  void aBudgetBelowOneChunkKeepsEachChunkInOneGroup() {
    Device cl = OpenClAvailable.device().with(dev.sluice.runtime.opencl.DeviceMemory.BUDGET_PROPERTY, "300k");
    Event[] events = Reference.events(new Random(11), 1_500, WindowsTest.SIZE);
    List<WindowTotal> expected = Reference.totals(events, 3);
    int chunk = 1_000 * WindowsTest.SIZE;
    WindowsPipeline.Result r = WindowsPipeline.builder().scale(() -> new Scale(3)).instances(8).chunkSize(chunk)
        .device(cl).build().run(events);
    assertTrue(r.report().deviceUse().slices() > (events.length + chunk - 1) / chunk,
        "the budget cuts inside chunks: " + r.report().deviceUse());
    assertSameItems(expected, r.totals(), "chunk " + chunk + ", budget 300k");
    assertEquals(0, r.windowCount(), "every window ended whole");
  }

  /**
   * A stream of arrays whose lengths are whole chunks runs in few launches and keeps every window
   * whole with several groups: a claim is joined to the next array's only where a chunk ends (each
   * array was a launch of its own with a chunk size set: 160,000 one-item arrays took 70 s on PoCL).
   * Arrays of any length, with one group, see the input in order across the joins.
   */
  @Test
  void arraysOfWholeChunksAreJoinedIntoFewLaunches() {
    Device cl = OpenClAvailable.device();
    Random random = new Random(9);
    Event[] events = Reference.events(random, 3_000, WindowsTest.SIZE);
    List<WindowTotal> expected = Reference.totals(events, 3);
    for (int chunk : new int[] {WindowsTest.SIZE, 2 * WindowsTest.SIZE}) {
      List<Event[]> arrays = new java.util.ArrayList<>();
      for (int at = 0; at < events.length; ) {
        int length = Math.min(events.length - at, chunk * random.nextInt(4));
        arrays.add(java.util.Arrays.copyOfRange(events, at, at + length));
        at += length;
      }
      WindowsPipeline.Result r = WindowsPipeline.builder().scale(() -> new Scale(3)).instances(3).chunkSize(chunk)
          .device(cl).build().runChunks(arrays.iterator());
      assertSameItems(expected, r.totals(), "chunk " + chunk + ", " + arrays.size() + " arrays");
      assertEquals(0, r.windowCount(), "chunk " + chunk + ": every window ended whole");
      assertEquals(1, r.report().deviceUse().slices(), arrays.size() + " arrays: " + r.report().deviceUse());
    }
    Event[] uneven = Reference.unevenEvents(random, 400, 20);
    List<Event[]> pieces = new java.util.ArrayList<>();
    for (int at = 0; at < uneven.length; ) {
      int length = Math.min(uneven.length - at, random.nextInt(3) == 0 ? 1 + random.nextInt(6) : 7 * random.nextInt(3));
      pieces.add(java.util.Arrays.copyOfRange(uneven, at, at + length));
      at += length;
    }
    WindowsPipeline.Result one = WindowsPipeline.builder().scale(() -> new Scale(3)).instances(1).chunkSize(7)
        .device(cl).build().runChunks(pieces.iterator());
    assertSameItems(Reference.totals(uneven, 3), one.totals(), "one group, " + pieces.size() + " arrays of any length");
    assertTrue(one.report().deviceUse().slices() < pieces.size(), one.report().deviceUse().toString());
  }

  @Test
  void tinySettingsMatchReference() {
    Device cl = OpenClAvailable.device();
    for (int windows : new int[] {0, 400}) {
      Event[] uneven = Reference.unevenEvents(new Random(7), windows, 3);
      TinyWindowsPipeline.Result res = TinyWindowsPipeline.builder().scale(() -> new Scale(3)).instances(1)
          .chunkSize(5).device(cl).build().run(uneven);
      assertSameItems(Reference.totals(uneven, 3), res.totals(), "tiny windows=" + windows);
      WindowsTest.assertConserved(res.report(), uneven, res.totals(), windows, "tiny windows=" + windows);
    }
  }

  @Test
  void ranOnTheOpenClDevice() {
    Device cl = OpenClAvailable.device();
    Event[] events = Reference.events(new Random(2), 50, WindowsTest.SIZE);
    WindowsPipeline.Result r = WindowsPipeline.builder().scale(() -> new Scale(3)).device(cl).build().run(events);
    assertEquals(cl.name(), r.report().device(), "the report names the OpenCL device, not the JVM");
    assertTrue(r.report().stage("window").signals() > 0);
  }
}
