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
