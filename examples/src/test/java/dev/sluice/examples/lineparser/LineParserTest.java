package dev.sluice.examples.lineparser;

import static dev.sluice.examples.Multisets.assertSameItems;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.examples.Multisets;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunReport;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LineParserTest {
  static void assertConserved(RunReport r, Line[] lines, List<LineSummary> summaries, String what) {
    int chars = 0;
    for (Line l : lines) {
      chars += l.end() - l.start();
    }
    assertEquals(lines.length, r.stage("lines").itemsOut(), what);
    assertEquals(r.stage("lines").itemsOut(), r.stage("chars").itemsIn(), what + " parents");
    assertEquals(chars, r.stage("chars").itemsOut(), what + " one element per character");
    assertEquals(r.stage("chars").itemsOut(), r.stage("digits").itemsIn(), what);
    assertEquals(r.stage("digits").itemsOut(), r.stage("summarize").itemsIn(), what);
    assertEquals(lines.length, r.stage("summarize").itemsOut(), what + " one summary per line");
    assertEquals(r.stage("summarize").itemsOut(), r.sink("summaries").items(), what);
    assertEquals(summaries.size(), r.sink("summaries").items(), what);
  }

  @Test
  void linesHandleCrLfAndEmptyLines() {
    byte[] text = "12,a3\r\n\n\r\nx\r\n45".getBytes(StandardCharsets.US_ASCII);
    assertArrayEquals(new Line[] {new Line(0, 5), new Line(7, 7), new Line(8, 8), new Line(10, 11),
        new Line(13, 15)}, Reference.lines(text));
    assertEquals(List.of(new LineSummary(0, 3, 2, 15), new LineSummary(7, 0, 0, 0), new LineSummary(8, 0, 0, 0),
        new LineSummary(10, 0, 0, 0), new LineSummary(13, 2, 1, 45)), Reference.summaries(text, Reference.lines(text)));
  }

  /** A result printed in a log line: each sink's size and each reduction, not the items. */
  @Test
  void resultPrintsSinkSizesAndReductions() {
    byte[] text = "12,a3\n\nx45".getBytes(StandardCharsets.US_ASCII);
    LineParserPipeline.Result r = LineParserPipeline.builder().digits(() -> new Digits(text))
        .summarize(() -> new Summarize(text)).device(Device.cpu()).build().run(Reference.lines(text));
    // Summarize's fields are reset by each line's BEGIN: their combined value is the last lines' state
    assertEquals("LineParserPipeline.Result[summaries: 3 items, summarizeDigits=" + r.summarizeDigits()
        + ", summarizeNumbers=" + r.summarizeNumbers() + ", summarizeSum=" + r.summarizeSum() + "]", r.toString());
  }

  @Test
  void matchesReference() {
    for (int n : new int[] {0, 1, 400}) {
      byte[] text = SampleText.generate(new Random(11), n);
      Line[] lines = Reference.lines(text);
      List<LineSummary> expected = Reference.summaries(text, lines);
      for (int instances = 1; instances <= 2; instances++) {
        for (int chunk : Multisets.CHUNKS) {
          for (Device device : new Device[] {Device.cpu(), Device.cpuScheduled()}) {
          String what = "lines=" + n + " instances=" + instances + " chunk=" + chunk + " " + device.cpuExecutor();
          LineParserPipeline.Result res = LineParserPipeline.builder().digits(() -> new Digits(text))
              .summarize(() -> new Summarize(text)).instances(instances).chunkSize(chunk).maxSteps(10_000_000)
              .device(device).build().run(lines);
          assertSameItems(expected, res.summaries(), what);
          assertConserved(res.report(), lines, res.summaries(), what);
          }
        }
      }
    }
  }

  @Test
  void columnsAndChunkedInputsMatchReference() {
    byte[] text = SampleText.generate(new Random(13), 300);
    Line[] lines = Reference.lines(text);
    List<LineSummary> expected = Reference.summaries(text, lines);
    LineParserPipeline p = LineParserPipeline.builder().digits(() -> new Digits(text))
        .summarize(() -> new Summarize(text)).instances(2).chunkSize(5).device(Device.cpu()).build();
    int[] starts = new int[lines.length];
    int[] ends = new int[lines.length];
    for (int i = 0; i < lines.length; i++) {
      starts[i] = lines[i].start();
      ends[i] = lines[i].end();
    }
    LineParserPipeline.Result columns = p.runColumns(starts, ends);
    assertSameItems(expected, columns.summaries(), "columns");
    assertConserved(columns.report(), lines, columns.summaries(), "columns");
    List<Line[]> parts = List.of(java.util.Arrays.copyOfRange(lines, 0, 100),
        java.util.Arrays.copyOfRange(lines, 100, lines.length));
    assertSameItems(expected, p.runChunks(parts.iterator()).summaries(), "chunks");
    // columns that cannot be rows are refused naming the pipeline and the columns (outside-in helper-70)
    IllegalArgumentException shorter = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> p.runColumns(starts, java.util.Arrays.copyOf(ends, 3)));
    org.junit.jupiter.api.Assertions.assertEquals("LineParser: runColumns: column end has 3 items, column start has "
        + starts.length, shorter.getMessage());
    NullPointerException none = org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class,
        () -> p.runColumns(starts, null));
    org.junit.jupiter.api.Assertions.assertEquals("LineParser: runColumns: column end is null", none.getMessage());
    // as are a null array and a null stream (outside-in helper-80: "input", "chunks")
    NullPointerException noArray = org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class,
        () -> p.run((Line[]) null));
    org.junit.jupiter.api.Assertions.assertEquals("LineParser: run: input is null", noArray.getMessage());
    NullPointerException noStream = org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class,
        () -> p.runChunks(null));
    org.junit.jupiter.api.Assertions.assertEquals("LineParser: runChunks: chunks is null", noStream.getMessage());
  }

  @Test
  void tinySettingsMatchReference() {
    tinySettingsMatchReference(Device.cpu());
  }

  @Test
  void tinySettingsMatchReferenceScheduled() {
    tinySettingsMatchReference(Device.cpuScheduled());
  }

  /** Width 2, one-run queues and a one-parent buffer on {@code device}: the enumerator blocks after every line. */
  static void tinySettingsMatchReference(Device device) {
    for (int n : new int[] {0, 150}) {
      byte[] text = SampleText.generate(new Random(12), n);
      Line[] lines = Reference.lines(text);
      List<LineSummary> expected = Reference.summaries(text, lines);
      for (int instances = 1; instances <= 2; instances++) {
        for (int chunk : Multisets.CHUNKS) {
          String what = "tiny lines=" + n + " instances=" + instances + " chunk=" + chunk + " on " + device.name();
          TinyLineParserPipeline.Result res = TinyLineParserPipeline.builder().digits(() -> new Digits(text))
              .summarize(() -> new Summarize(text)).instances(instances).chunkSize(chunk).maxSteps(10_000_000)
              .device(device).build().run(lines);
          assertSameItems(expected, res.summaries(), what);
          RunReport r = res.report();
          assertConserved(r, lines, res.summaries(), what);
          // the direct executor has no parent buffer to fill: it finishes each line before the next
          if (lines.length > 1 && (device.kind() != Device.Kind.JVM || device.scheduled())) {
            assertTrue(r.stage("chars").blocks() > 0, what + ": a one-parent buffer must block the enumerator");
          }
        }
      }
    }
  }
}
