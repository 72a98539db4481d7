package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameItems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.opencl.RegionNodes.Doc;
import dev.sluice.opencl.RegionNodes.DocTotal;
import dev.sluice.opencl.RegionNodes.Kept;
import dev.sluice.opencl.RegionNodes.Line;
import dev.sluice.opencl.RegionNodes.LineCount;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.RunReport;
import dev.sluice.runtime.testing.OpenClAvailable;
import dev.sluice.runtime.testing.SliceSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Regions on the device: enumerators with parent buffers, BEGIN/END with credit, {@code @Parent} in a
 * nested region, BEGIN/END handlers with reductions and {@code @State}, against the CPU back end and a
 * plain-Java reference, as multisets.
 */
class RegionsOpenClTest {
  static Doc[] docs(int n, long seed) {
    Random r = new Random(seed);
    Doc[] d = new Doc[n];
    for (int i = 0; i < n; i++) {
      d[i] = new Doc(i, r.nextInt(10) == 0 ? 0 : r.nextInt(9)); // some documents empty, some lines empty
    }
    return d;
  }

  static List<Line> referenceLines(Doc[] docs) {
    List<Line> out = new ArrayList<>();
    for (Doc d : docs) {
      for (int i = 0; i < d.lines(); i++) {
        out.add(new Line(d.id(), i, RegionNodes.lineLength(d.id(), i)));
      }
    }
    return out;
  }

  static List<Kept> referenceKept(Doc[] docs) {
    List<Kept> out = new ArrayList<>();
    for (Line l : referenceLines(docs)) {
      for (int c = 0; c < l.length(); c++) {
        if (RegionNodes.keep(l.doc(), l.no(), c)) {
          out.add(new Kept(l.doc(), l.no(), c));
        }
      }
    }
    return out;
  }

  @Test
  void nestedRegionsMatchCpuAndReference() {
    Device cl = OpenClAvailable.device();
    for (int n : new int[] {0, 1, 5, 64, 3_000}) {
      Doc[] in = docs(n, n);
      for (int groups : new int[] {0, 1, 3}) {
        for (int chunk : new int[] {1, 7, 1 << 14}) {
          String what = "n=" + n + " groups=" + groups + " chunk=" + chunk;
          NestedDataPipeline.Result gpu = NestedDataPipeline.builder().instances(groups).chunkSize(chunk).device(cl)
              .build().run(in);
          NestedDataPipeline.Result cpu = NestedDataPipeline.builder().chunkSize(chunk).device(Device.cpu()).build().run(in);
          assertSameItems(cpu.allLines(), gpu.allLines(), what + " lines");
          assertSameItems(cpu.kept(), gpu.kept(), what + " kept");
          assertSameItems(referenceLines(in), gpu.allLines(), what + " lines vs reference");
          assertSameItems(referenceKept(in), gpu.kept(), what + " kept vs reference");
          assertRegionsConserved(gpu.report(), in);
        }
      }
    }
  }

  @Test
  void tinySettingsMatchReference() {
    // width 2, one-run queues, signal queues of 4 and one-slot parent buffers: every BLOCKED,
    // region-flush and credit path of the device scheduler
    Device cl = OpenClAvailable.device();
    for (int n : new int[] {1, 2, 33, 500}) {
      Doc[] in = docs(n, 7 * n);
      for (int groups : new int[] {1, 2}) {
        for (int chunk : new int[] {1, 3, 1 << 14}) {
          String what = "tiny n=" + n + " groups=" + groups + " chunk=" + chunk;
          NestedDataTinyPipeline.Result r = NestedDataTinyPipeline.builder().instances(groups).chunkSize(chunk)
              .device(cl).build().run(in);
          assertSameItems(referenceLines(in), r.allLines(), what + " lines");
          assertSameItems(referenceKept(in), r.kept(), what + " kept");
          assertRegionsConserved(r.report(), in);
        }
      }
    }
    RunReport tiny = NestedDataTinyPipeline.builder().instances(1).device(cl).build().run(docs(200, 3)).report();
    assertTrue(tiny.stage("lines").blocks() > 0, "a one-slot parent buffer blocks its enumerator: " + tiny);
  }

  static List<LineCount> referenceLineCounts(Doc[] docs) {
    List<LineCount> out = new ArrayList<>();
    for (Line l : referenceLines(docs)) {
      int kept = 0;
      for (int c = 0; c < l.length(); c++) {
        kept += RegionNodes.keep(l.doc(), l.no(), c) ? 1 : 0;
      }
      out.add(new LineCount(l.doc(), l.no(), kept));
    }
    return out;
  }

  static List<DocTotal> referenceDocTotals(Doc[] docs) {
    List<DocTotal> out = new ArrayList<>();
    List<LineCount> lines = referenceLineCounts(docs);
    for (Doc d : docs) {
      long kept = lines.stream().filter(l -> l.doc() == d.id()).mapToLong(LineCount::kept).sum();
      out.add(new DocTotal(d.id(), kept, d.lines()));
    }
    return out;
  }

  @Test
  void handlersAndStateMatchCpuAndReference() {
    // END of the inner region pushes a reduction out of it; BEGIN/END of the outer one keep @State
    Device cl = OpenClAvailable.device();
    for (int n : new int[] {0, 1, 64, 2_000}) {
      Doc[] in = docs(n, 3 * n);
      for (int groups : new int[] {0, 1, 3}) {
        for (int chunk : new int[] {1, 7, 1 << 14}) {
          String what = "totals n=" + n + " groups=" + groups + " chunk=" + chunk;
          NestedTotalsPipeline.Result gpu = NestedTotalsPipeline.builder().instances(groups).chunkSize(chunk)
              .device(cl).build().run(in);
          NestedTotalsPipeline.Result cpu = NestedTotalsPipeline.builder().chunkSize(chunk).device(Device.cpu())
              .build().run(in);
          assertSameItems(cpu.lineCounts(), gpu.lineCounts(), what + " lines");
          assertSameItems(cpu.docTotals(), gpu.docTotals(), what + " docs");
          assertSameItems(referenceLineCounts(in), gpu.lineCounts(), what + " lines vs reference");
          assertSameItems(referenceDocTotals(in), gpu.docTotals(), what + " docs vs reference");
        }
      }
    }
    for (int n : new int[] {1, 40, 300}) {
      Doc[] in = docs(n, 5 * n);
      for (int groups : new int[] {1, 2}) {
        String what = "tiny totals n=" + n + " groups=" + groups;
        NestedTotalsTinyPipeline.Result r = NestedTotalsTinyPipeline.builder().instances(groups).chunkSize(3)
            .device(cl).build().run(in);
        assertSameItems(referenceLineCounts(in), r.lineCounts(), what + " lines");
        assertSameItems(referenceDocTotals(in), r.docTotals(), what + " docs");
      }
    }
  }

  @Test
  void reductionsInAnEnumeratorsCountMatchCpuAndReference() {
    Device cl = OpenClAvailable.device();
    for (int n : new int[] {1, 5, 64, 3_000}) {
      Doc[] in = docs(n, 13 * n);
      long lines = 0;
      int longest = Integer.MIN_VALUE;
      int shortest = Integer.MAX_VALUE;
      for (Doc d : in) {
        lines += d.lines();
        longest = Math.max(longest, d.lines());
        shortest = Math.min(shortest, d.lines());
      }
      for (int groups : new int[] {0, 1, 3}) {
        for (int chunk : new int[] {1, 7, 1 << 14}) {
          String what = "n=" + n + " groups=" + groups + " chunk=" + chunk;
          TalliedDocsPipeline.Result gpu = TalliedDocsPipeline.builder().instances(groups).chunkSize(chunk).device(cl)
              .build().run(in);
          TalliedDocsPipeline.Result cpu = TalliedDocsPipeline.builder().chunkSize(chunk).device(Device.cpu()).build()
              .run(in);
          for (TalliedDocsPipeline.Result r : List.of(cpu, gpu)) {
            assertEquals(lines, r.linesLines(), what + " lines");
            assertEquals(longest, r.linesLongest(), what + " longest");
            assertEquals(shortest, r.linesShortest(), what + " shortest");
            assertEquals(n, r.linesDocs(), what + " documents");
          }
          assertSameItems(referenceLines(in), gpu.allLines(), what + " lines vs reference");
        }
      }
    }
  }

  @Test
  void slicesOfTheInputMatchReference() {
    Device cl = OpenClAvailable.device();
    Doc[] in = docs(2_000, 11);
    SliceSize.with(333, () -> {
      NestedDataPipeline.Result r = NestedDataPipeline.builder().device(cl).build().run(in);
      assertSameItems(referenceKept(in), r.kept(), "slices of 333");
      assertEquals(in.length, r.report().stage("docs").itemsOut(), "every slice read");
    });
  }

  @Test
  void aCountBeyondMaxElementsNamesNodeAndItemLikeTheCpu() {
    Device cl = OpenClAvailable.device();
    Doc[] in = new Doc[300];
    for (int i = 0; i < in.length; i++) {
      in[i] = new Doc(i, i == 217 ? 6 : i % 6);
    }
    PipelineException gpu = assertThrows(PipelineException.class,
        () -> TooManyLinesPipeline.builder().device(cl).build().run(in));
    PipelineException cpu = assertThrows(PipelineException.class,
        () -> TooManyLinesPipeline.builder().device(Device.cpu()).build().run(in));
    assertEquals("lines", gpu.node());
    assertEquals(cpu.node(), gpu.node());
    assertEquals(cpu.item(), gpu.item());
    assertEquals("Doc[id=217, lines=6]", gpu.item());
    assertTrue(gpu.getMessage().contains("count(parent) returned 6 elements; the region allows 0..5"), gpu.getMessage());
  }

  @Test
  void ranOnTheOpenClDevice() {
    Device cl = OpenClAvailable.device();
    NestedDataPipeline.Result r = NestedDataPipeline.builder().device(cl).build().run(docs(100, 1));
    assertEquals(cl.name(), r.report().device(), "the report names the OpenCL device, not the JVM");
  }

  /** Every document is consumed once by the enumerator, every line once by the inner one; signals flowed. */
  private static void assertRegionsConserved(RunReport report, Doc[] in) {
    long lines = referenceLines(in).size();
    assertEquals(in.length, report.stage("lines").itemsIn(), "documents opened: " + report);
    assertEquals(lines, report.stage("lines").itemsOut(), "line indices enumerated: " + report);
    assertEquals(lines, report.stage("chars").itemsIn(), "lines opened: " + report);
    if (lines > 0) {
      assertTrue(report.stage("makeLine").signals() > 0, "BEGIN/END reached makeLine: " + report);
    }
  }
}
