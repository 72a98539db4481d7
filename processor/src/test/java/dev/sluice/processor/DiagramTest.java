package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.sluice.processor.Sources.java;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/**
 * The pictures the processor writes beside each generated pipeline ({@code <Name>Pipeline.mmd} and
 * {@code .dot} in class output), compared with golden files in {@code src/test/resources/diagrams/}.
 * After an intended change, regenerate them with
 * {@code mvn -pl processor test -Dtest=DiagramTest -Dsluice.golden.update=true} and read the diff.
 */
class DiagramTest {

  /** Nested regions, handlers, @Aggregate out of both regions, a channel read by a node and a sink. */
  static final JavaFileObject NESTED = java("Text", """
      record Doc(int start, int end) {}
      record Line(int start, int end) {}
      record LineStat(int line, int digits) {}
      record DocStat(int lines, long digits) {}
      @Node @Region(parentBuffer = 8) final class Lines { int count(Doc d) { return d.end() - d.start(); } }
      @Node final class MakeLine {
        void run(int i, @Parent Doc d, Out<Line> out) { out.push(new Line(d.start() + i, d.start() + i + 1)); }
      }
      @Node @Region(parentBuffer = 16, maxElements = 1000) final class Chars {
        int count(Line l) { return l.end() - l.start(); }
      }
      @Node final class Classify { void run(int i, @Parent Line l, @Max(2) IntOut digits) { digits.push(i); } }
      @Node final class PerLine {
        @Reduce(ReduceOp.SUM) int n;
        @SignalHandler(Signal.BEGIN) void begin(Line l) { n = 0; }
        void run(int digit) { n += 1; }
        @SignalHandler(Signal.END) void end(Line l, @Aggregate Out<LineStat> stats) { stats.push(new LineStat(l.start(), n)); }
      }
      @Node final class PerDoc {
        @Reduce(ReduceOp.SUM) int lines;
        void run(LineStat s) { lines += 1; }
        @SignalHandler(Signal.END) void end(Doc d, @Aggregate Out<DocStat> out) { out.push(new DocStat(lines, 0)); }
      }
      @Pipeline(width = 32, signalQueue = 8)
      interface Text {
        @Source Doc docs();
        @From("docs") Lines lines();
        @From("lines") MakeLine makeLine();
        @From("makeLine") Chars chars();
        @From("chars") Classify classify();
        @From("classify") PerLine perLine();
        @From("perLine") PerDoc perDoc();
        @Sink @From("perLine") LineStat lineStats();
        @Sink @From("perDoc") DocStat docStats();
      }
      """);

  /** Two channels, one broadcast to two nodes, joined again (fan-in) with the source's items. */
  static final JavaFileObject FAN = java("Fan", """
      record Pt(float x, float y) {}
      @Node final class Split { void run(Pt p, @Max(2) FloatOut xs, Out<Pt> keep) { xs.push(p.x()); keep.push(p); } }
      @Node final class Scale { void run(float x, FloatOut out) { out.push(2 * x); } }
      @Node final class Norm { void run(float x, @Max(3) FloatOut out) { out.push(Math.abs(x)); } }
      @Node final class Ys { void run(Pt p, FloatOut out) { out.push(p.y()); } }
      @Node final class Merge { void run(float x, DoubleOut out) { out.push(x); } }
      @Pipeline interface Fan {
        @Source Pt points();
        @From("points") Split split();
        @From("split.xs") Scale scale();
        @From("split.xs") Norm norm();
        @From("points") Ys ys();
        @From({"scale", "norm", "ys"}) Merge merge();
        @Sink @From("split.keep") Pt kept();
        @Sink @From("merge") double merged();
      }
      """);

  /** User signals: raised, forwarded by a node without a handler, handled (and so consumed). */
  static final JavaFileObject SIGNALS = java("Sig", """
      @SignalTag record Flush(int id) {}
      @SignalTag record Mark(long at) {}
      @Node final class Raiser { void run(int x, IntOut out, Raise<Flush> flush, Raise<Mark> mark) { out.push(x); } }
      @Node final class Pass { void run(int x, IntOut out) { out.push(x); } @SignalHandler void mark(Mark m) { } }
      @Node final class Handle {
        void run(int x, IntOut out) { out.push(x); }
        @SignalHandler void flush(Flush f, IntOut out) { out.push(f.id()); }
      }
      @Pipeline interface Sig {
        @Source int in();
        @From("in") Raiser raiser();
        @From("raiser") Pass pass();
        @From("pass") Handle handle();
        @Sink @From("handle") int out();
      }
      """);

  /** Channels nothing reads (SLU138, suppressed here), in a region: each ends beside its node, in the frame. */
  static final JavaFileObject UNREAD = java("Drop", """
      record Doc(int start, int end) {}
      @Node @Region final class Words { int count(Doc d) { return d.end() - d.start(); } }
      @Node final class Check { void run(int i, IntOut good, IntOut bad) { if (i > 0) good.push(i); else bad.push(i); } }
      @Node final class Tally { void run(int x, LongOut out, @Max(2) IntOut debug) { out.push(x); } }
      @SuppressWarnings("unused") @Pipeline interface Drop {
        @Source Doc docs();
        @From("docs") Words words();
        @From("words") Check check();
        @From("check.good") Tally tally();
        @Sink @From("tally.out") long counts();
      }
      """);

  @Test
  void unreadChannels() {
    matchesGolden(UNREAD, "DropPipeline");
  }

  @Test
  void nestedRegions() {
    matchesGolden(NESTED, "TextPipeline");
  }

  @Test
  void fanOutAndFanIn() {
    matchesGolden(FAN, "FanPipeline");
  }

  @Test
  void userSignals() {
    matchesGolden(SIGNALS, "SigPipeline");
  }

  /** The plan in the generated class lists each node's channels with @Max and @Aggregate, which the picture shows. */
  @Test
  void planNamesChannelsWithTheirMaxAndAggregate() throws IOException {
    Compilation c = Sources.compile(NESTED);
    assertThat(c).succeededWithoutWarnings();
    String source = c.generatedSourceFile("t.TextPipeline").orElseThrow().getCharContent(true).toString();
    assertThat(source).contains(".channel(\"classify\", \"digits\", 2, false)");
    assertThat(source).contains(".channel(\"perLine\", \"stats\", 1, true)");
    assertThat(source).doesNotContain(".channel(\"lines\"");
  }

  private static void matchesGolden(JavaFileObject file, String generated) {
    Compilation c = Sources.compile(file);
    assertThat(c).succeededWithoutWarnings();
    for (String ext : new String[] {".mmd", ".dot"}) {
      String actual = text(c.generatedFile(StandardLocation.CLASS_OUTPUT, "t", generated + ext).orElseThrow());
      Path golden = Path.of("src/test/resources/diagrams", generated + ext);
      if (Boolean.getBoolean("sluice.golden.update")) {
        try {
          Files.writeString(golden, actual);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      assertWithMessage("%s (regenerate with -Dsluice.golden.update=true and read the diff)", golden)
          .that(actual).isEqualTo(resource("/diagrams/" + generated + ext, golden));
    }
  }

  private static String text(JavaFileObject f) {
    try {
      return f.getCharContent(true).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The golden file: from the source tree when it was just written, else from the test classpath. */
  private static String resource(String name, Path golden) {
    try {
      if (Boolean.getBoolean("sluice.golden.update")) {
        return Files.readString(golden);
      }
      try (InputStream in = DiagramTest.class.getResourceAsStream(name)) {
        assertWithMessage("golden file %s", name).that(in).isNotNull();
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
