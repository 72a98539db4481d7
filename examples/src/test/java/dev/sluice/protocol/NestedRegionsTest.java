package dev.sluice.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.protocol.Records.Doc;
import dev.sluice.protocol.Records.DocTotal;
import dev.sluice.protocol.Records.Line;
import dev.sluice.protocol.Records.LineCount;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.RunReport;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A region nested in a region, through generated code: the default sizes and the smallest legal
 * ones (width 2, one-slot parent buffers, queues of one run), one and two instances, several chunk
 * sizes, against a plain-Java reference, with conservation checks from the run report.
 */
class NestedRegionsTest {
  static Doc[] docs(int n, long seed) {
    Random r = new Random(seed);
    Doc[] d = new Doc[n];
    for (int i = 0; i < n; i++) {
      d[i] = new Doc(i, r.nextInt(6)); // 0..5 lines, some documents empty
    }
    return d;
  }

  static List<LineCount> referenceLines(Doc[] docs) {
    List<LineCount> out = new ArrayList<>();
    for (Doc d : docs) {
      for (int i = 0; i < d.lines(); i++) {
        Line l = new Line(d.id(), i, Records.lineLength(d.id(), i));
        int kept = 0;
        for (int c = 0; c < l.length(); c++) {
          if (Records.keep(l, c)) {
            kept++;
          }
        }
        out.add(new LineCount(d.id(), i, kept));
      }
    }
    return out;
  }

  static List<DocTotal> referenceDocs(Doc[] docs) {
    List<DocTotal> out = new ArrayList<>();
    List<LineCount> lines = referenceLines(docs);
    for (Doc d : docs) {
      long kept = lines.stream().filter(l -> l.doc() == d.id()).mapToLong(LineCount::kept).sum();
      out.add(new DocTotal(d.id(), kept, d.lines()));
    }
    return out;
  }

  static <T> List<T> sorted(List<T> l, Comparator<T> c) {
    List<T> s = new ArrayList<>(l);
    s.sort(c);
    return s;
  }

  static final Comparator<LineCount> BY_LINE =
      Comparator.comparingInt(LineCount::doc).thenComparingInt(LineCount::no);
  static final Comparator<DocTotal> BY_DOC = Comparator.comparingInt(DocTotal::doc);

  static Stream<Arguments> runs() {
    return Stream.of(false, true).flatMap(scheduled -> Stream.of(
        Arguments.of(false, 1, 1, scheduled), Arguments.of(false, 2, 7, scheduled),
        Arguments.of(false, 2, 16384, scheduled), Arguments.of(true, 1, 1, scheduled),
        Arguments.of(true, 1, 5, scheduled), Arguments.of(true, 2, 3, scheduled),
        Arguments.of(true, 2, 64, scheduled)));
  }

  record Out(List<LineCount> lines, List<DocTotal> docs, RunReport report, long allKept) {}

  static Out run(boolean tiny, int instances, int chunk, Doc[] input) {
    return run(tiny, instances, chunk, input, false);
  }

  static Out run(boolean tiny, int instances, int chunk, Doc[] input, boolean scheduled) {
    Device cpu = scheduled ? Device.cpuScheduled() : Device.cpu();
    if (tiny) {
      NestedTinyPipeline.Result r = NestedTinyPipeline.builder().device(cpu).instances(instances)
          .chunkSize(chunk).maxSteps(50_000_000).build().run(input);
      return new Out(r.lineCounts(), r.docTotals(), r.report(), r.perLineAllKept());
    }
    NestedPipeline.Result r = NestedPipeline.builder().device(cpu).instances(instances)
        .chunkSize(chunk).maxSteps(50_000_000).build().run(input);
    return new Out(r.lineCounts(), r.docTotals(), r.report(), r.perLineAllKept());
  }

  @ParameterizedTest(name = "tiny {0}, instances {1}, chunk {2}, scheduled {3}")
  @MethodSource("runs")
  void nestedRegionsMatchTheReference(boolean tiny, int instances, int chunk, boolean scheduled) {
    Doc[] input = docs(400, 11);
    Out out = run(tiny, instances, chunk, input, scheduled);
    assertEquals(sorted(referenceLines(input), BY_LINE), sorted(out.lines(), BY_LINE));
    assertEquals(sorted(referenceDocs(input), BY_DOC), sorted(out.docs(), BY_DOC));
    long kept = referenceLines(input).stream().mapToLong(LineCount::kept).sum();
    assertEquals(kept, out.allKept(), "the @Reduce total over all lanes and instances");

    RunReport rep = out.report();
    int lines = referenceLines(input).size();
    assertEquals(input.length, rep.stage("lines").itemsIn());
    assertEquals(lines, rep.stage("makeLine").itemsIn());
    assertEquals(rep.stage("makeLine").itemsOut(), rep.stage("chars").itemsIn());
    assertEquals(rep.stage("chars").itemsOut(), rep.stage("classify").itemsIn());
    assertEquals(rep.stage("classify").itemsOut(), rep.stage("perLine").itemsIn());
    assertEquals(kept, rep.stage("perLine").itemsIn());
    assertEquals(lines, rep.stage("perDoc").itemsIn());
    assertEquals(lines, rep.sink("lineCounts").items());
    assertEquals(input.length, rep.sink("docTotals").items());
    // perLine sees BEGIN/END of every document and of every line
    assertEquals(2L * input.length + 2L * lines, rep.stage("perLine").signals());
    if (tiny && scheduled) {
      assertTrue(rep.stage("lines").blocks() > 0, "one-slot parent buffers block the outer head");
      assertTrue(rep.stage("chars").blocks() > 0, "and the inner head");
      // a head that blocks flushes its region, and a flush of region r reaches only the stages labelled
      // r or deeper: the stages outside every region see only each instance's final flush, and perDoc
      // (region 1) none of region 2's (chars blocking), which classify and perLine see
      for (String outside : List.of("docs", "lines")) {
        assertEquals(instances, rep.stage(outside).flushes(), outside + ": " + rep);
      }
      long outer = rep.stage("lines").blocks();
      assertTrue(rep.stage("perDoc").flushes() <= instances + outer, rep.toString());
      assertTrue(rep.stage("perLine").flushes() > rep.stage("perDoc").flushes(), rep.toString());
      assertTrue(rep.stage("classify").flushes() > rep.stage("makeLine").flushes(), rep.toString());
    }
  }

  @Test
  void emptyInput() {
    Out out = run(true, 2, 3, new Doc[0]);
    assertEquals(List.of(), out.lines());
    assertEquals(List.of(), out.docs());
  }

  @Test
  void anExceptionInUserCodeNamesPipelineNodeAndItemAndThePipelineRunsAgain() {
    Doc[] input = docs(50, 3);
    int bad = 17;
    input[bad] = new Doc(bad, 4);
    NestedTinyPipeline failing = NestedTinyPipeline.builder().device(Device.cpu()).instances(2).chunkSize(4)
        .makeLine(() -> new Nodes.MakeLine(bad)).build();
    PipelineException e = assertThrows(PipelineException.class, () -> failing.run(input));
    assertEquals("NestedTiny", e.pipeline());
    assertEquals("makeLine", e.node());
    assertEquals("1", e.item());
    assertTrue(e.getCause() instanceof IllegalArgumentException, String.valueOf(e.getCause()));
    assertTrue(e.getMessage().contains("bad line 1"), e.getMessage());

    NestedTinyPipeline fine = NestedTinyPipeline.builder().device(Device.cpu()).instances(2).chunkSize(4).build();
    assertEquals(sorted(referenceDocs(input), BY_DOC), sorted(fine.run(input).docTotals(), BY_DOC));
  }

  /**
   * The message names the chunk the failing item came from, whole: the queued executor has read part
   * or all of it by the time the region's lines fail, and printed what was left ("[18, 20)" here, or
   * an empty "[20, 20)").
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void theMessageNamesTheWholeChunkTheFailingItemCameFrom(boolean scheduled) {
    Doc[] input = docs(50, 3);
    int bad = 17;
    input[bad] = new Doc(bad, 4);
    NestedTinyPipeline failing = NestedTinyPipeline.builder()
        .device(scheduled ? Device.cpuScheduled() : Device.cpu()).instances(1).chunkSize(4)
        .makeLine(() -> new Nodes.MakeLine(bad)).build();
    PipelineException e = assertThrows(PipelineException.class, () -> failing.run(input));
    // the scheduled executor reads ahead of its nodes, and says that the item may be from an earlier range
    assertTrue(e.getMessage().endsWith(scheduled
        ? "(this instance had last claimed input items [16, 20); its queues may still hold items of earlier ranges)"
        : "(this instance was reading input items [16, 20))"), e.getMessage());
  }

  /**
   * A count beyond the region's limit names the enumerator, the parent and, while the instance still
   * reads input, the range it claimed, on both executors (the scheduled one left the range out of
   * the count check, which its scheduler makes: outside-in helper-108).
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void aParentWithMoreElementsThanItsLimitIsAnError(boolean scheduled) {
    Doc[] input = docs(400, 2);
    input[23] = new Doc(23, 5000);
    PipelineException e = assertThrows(PipelineException.class,
        () -> NestedPipeline.builder().device(scheduled ? Device.cpuScheduled() : Device.cpu()).instances(1)
            .chunkSize(4).build().run(input));
    assertEquals("lines", e.node());
    assertTrue(e.item().contains("lines=5000"), e.item());
    assertTrue(e.getMessage().contains("maxElements"), e.getMessage());
    assertTrue(e.getMessage().contains(scheduled ? "(this instance had last claimed input items ["
        : "(this instance was reading input items [20, 24))"), e.getMessage());
  }

  @Test
  void chunkedStreamAndColumnsGiveTheSameResult() {
    Doc[] input = docs(300, 5);
    List<Doc[]> chunks = new ArrayList<>();
    for (int i = 0; i < input.length; i += 37) {
      chunks.add(java.util.Arrays.copyOfRange(input, i, Math.min(input.length, i + 37)));
    }
    NestedTinyPipeline p = NestedTinyPipeline.builder().device(Device.cpu()).instances(2).chunkSize(8).build();
    assertEquals(sorted(referenceDocs(input), BY_DOC), sorted(p.runChunks(chunks.iterator()).docTotals(), BY_DOC));
    int[] ids = Stream.of(input).mapToInt(Doc::id).toArray();
    int[] lines = Stream.of(input).mapToInt(Doc::lines).toArray();
    assertEquals(sorted(referenceDocs(input), BY_DOC), sorted(p.runColumns(ids, lines).docTotals(), BY_DOC));
  }
}
