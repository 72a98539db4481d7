package dev.sluice.examples.signals;

import static dev.sluice.examples.Multisets.assertSameItems;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.examples.Multisets;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.RunReport;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Why the totals are deterministic: a window's total is what {@code window} adds up between two
 * {@link WindowEnd} signals of one pipeline instance, and an instance sees exactly the events of the
 * chunks it claims, in input order. With one instance that is the whole input in order, so any chunk
 * size gives the reference's totals. With two instances, each chunk must hold whole windows: the
 * windows have a fixed size and the chunk size is a multiple of it, so every chunk starts right after
 * a window's last event and ends on one, and the accumulators are zero at every chunk start.
 */
class WindowsTest {
  static final int SIZE = 8;

  static void assertConserved(RunReport r, Event[] events, List<WindowTotal> totals, int windows, String what) {
    assertEquals(events.length, r.stage("events").itemsOut(), what);
    assertEquals(r.stage("events").itemsOut(), r.stage("mark").itemsIn(), what);
    assertEquals(r.stage("mark").itemsIn(), r.stage("mark").itemsOut(), what);
    assertEquals(r.stage("mark").itemsOut(), r.stage("scale").itemsIn(), what);
    assertEquals(r.stage("scale").itemsOut(), r.stage("window").itemsIn(), what);
    assertEquals(windows, r.stage("scale").signals(), what + " signals forwarded by scale");
    assertEquals(windows, r.stage("window").signals(), what + " signals handled by window");
    assertEquals(windows, r.stage("window").itemsOut(), what + " one total per window");
    assertEquals(r.stage("window").itemsOut(), r.sink("totals").items(), what);
    assertEquals(totals.size(), r.sink("totals").items(), what);
  }

  static WindowsPipeline pipeline(int instances, int chunk) {
    return WindowsPipeline.builder().scale(() -> new Scale(3)).instances(instances).chunkSize(chunk)
        .maxSteps(10_000_000).device(Device.cpu()).build();
  }

  @Test
  void oneInstanceAnyChunkSize() {
    for (int windows : new int[] {0, 1, 300}) {
      Event[] events = Reference.unevenEvents(new Random(5), windows, 20);
      List<WindowTotal> expected = Reference.totals(events, 3);
      for (int chunk : Multisets.CHUNKS) {
        String what = "uneven windows=" + windows + " chunk=" + chunk;
        WindowsPipeline.Result res = pipeline(1, chunk).run(events);
        assertSameItems(expected, res.totals(), what);
        assertConserved(res.report(), events, res.totals(), windows, what);
        assertEquals(0, res.windowCount(), what + ": every window ended, so nothing is left over");
        assertEquals(0, res.windowSum(), what);
      }
    }
  }

  @Test
  void twoInstancesWithChunksOfWholeWindows() {
    for (int windows : new int[] {0, 1, 500}) {
      Event[] events = Reference.events(new Random(6), windows, SIZE);
      List<WindowTotal> expected = Reference.totals(events, 3);
      for (int instances = 1; instances <= 2; instances++) {
        for (int chunk : new int[] {SIZE, 7 * SIZE, RunOptions.DEFAULT_CHUNK}) {
          assertEquals(0, chunk % SIZE);
          String what = "windows=" + windows + " instances=" + instances + " chunk=" + chunk;
          WindowsPipeline.Result res = pipeline(instances, chunk).run(events);
          assertSameItems(expected, res.totals(), what);
          assertConserved(res.report(), events, res.totals(), windows, what);
        }
      }
    }
  }

  @Test
  void tinySettingsMatchReference() {
    for (int windows : new int[] {0, 400}) {
      Event[] uneven = Reference.unevenEvents(new Random(7), windows, 3);
      for (int chunk : Multisets.CHUNKS) {
        String what = "tiny uneven windows=" + windows + " chunk=" + chunk;
        TinyWindowsPipeline.Result res = TinyWindowsPipeline.builder().scale(() -> new Scale(3)).instances(1)
            .chunkSize(chunk).maxSteps(10_000_000).device(Device.cpu()).build().run(uneven);
        assertSameItems(Reference.totals(uneven, 3), res.totals(), what);
        assertConserved(res.report(), uneven, res.totals(), windows, what);
      }
      Event[] even = Reference.events(new Random(8), windows, 2);
      for (int chunk : new int[] {2, 14, RunOptions.DEFAULT_CHUNK}) {
        String what = "tiny windows=" + windows + " instances=2 chunk=" + chunk;
        TinyWindowsPipeline.Result res = TinyWindowsPipeline.builder().scale(() -> new Scale(3)).instances(2)
            .chunkSize(chunk).maxSteps(10_000_000).device(Device.cpu()).build().run(even);
        assertSameItems(Reference.totals(even, 3), res.totals(), what);
        assertConserved(res.report(), even, res.totals(), windows, what);
      }
    }
  }
}
