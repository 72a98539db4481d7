package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.sluice.runtime.SourceStamps;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Every generated file names each type it is derived from as an originating element (what build tools
 * that track them, Eclipse's among them, need), seen here through a Filer that records them; and the
 * processor does not declare itself incremental to Gradle, which would hide javac's Trees API from it.
 */
class OriginatingElementsTest {
  static final String CATEGORIES = "META-INF/gradle/incremental.annotation.processors";
  static final String SERVICES = "META-INF/services/javax.annotation.processing.Processor";

  /** The processor's build output (target/classes, or the jar), and nothing else on the class path. */
  private static URLClassLoader processorOutput() {
    URL location = SluiceProcessor.class.getProtectionDomain().getCodeSource().getLocation();
    return new URLClassLoader(new URL[] {location}, null);
  }

  private static List<String> lines(ClassLoader loader, String resource) throws IOException {
    try (InputStream in = loader.getResourceAsStream(resource)) {
      assertWithMessage(resource + " in the processor's output").that(in).isNotNull();
      return Arrays.stream(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"))
          .map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    }
  }

  /**
   * Gradle wraps the processing environment of a processor declared incremental (isolating or
   * aggregating) in one of its own, through which javac's Trees API cannot be reached: such a Gradle
   * build checked no method body and wrote no kernel, every pipeline running on the CPU with the note
   * SLU309 (the wrapper is what NoTreesTest's is). A processor that declares nothing is given javac's
   * environment, and Gradle recompiles the whole source set when a file changes, as Maven does.
   */
  @Test
  void theProcessorIsRegisteredAndNotDeclaredIncrementalToGradle() throws IOException {
    try (URLClassLoader output = processorOutput()) {
      assertThat(lines(output, SERVICES)).containsExactly(SluiceProcessor.class.getName());
      assertWithMessage(CATEGORIES + " in the processor's output").that(output.getResource(CATEGORIES)).isNull();
    }
  }

  /** A Filer that writes through the compiler's and records each source file's originating elements. */
  static final class RecordingFiler implements Filer {
    final Map<String, Set<String>> origins = new LinkedHashMap<>();
    private final Filer filer;

    RecordingFiler(Filer filer) {
      this.filer = filer;
    }

    @Override
    public JavaFileObject createSourceFile(CharSequence name, Element... originatingElements) throws IOException {
      Set<String> names = new TreeSet<>();
      for (Element e : originatingElements) {
        names.add(((TypeElement) e).getQualifiedName().toString());
      }
      assertWithMessage("originating elements of " + name + " named twice").that(names).hasSize(originatingElements.length);
      origins.put(name.toString(), names);
      return filer.createSourceFile(name, originatingElements);
    }

    @Override
    public JavaFileObject createClassFile(CharSequence name, Element... originatingElements) throws IOException {
      throw new AssertionError("the processor writes no class files: " + name);
    }

    @Override
    public FileObject createResource(JavaFileManager.Location location, CharSequence moduleAndPkg,
        CharSequence relativeName, Element... originatingElements) throws IOException {
      Set<String> names = new TreeSet<>();
      for (Element e : originatingElements) {
        names.add(((TypeElement) e).getQualifiedName().toString());
      }
      origins.put(moduleAndPkg + "/" + relativeName, names);
      return filer.createResource(location, moduleAndPkg, relativeName, originatingElements);
    }

    @Override
    public FileObject getResource(JavaFileManager.Location location, CharSequence moduleAndPkg,
        CharSequence relativeName) throws IOException {
      return filer.getResource(location, moduleAndPkg, relativeName);
    }
  }

  private static JavaFileObject file(String simpleName, String body) {
    return JavaFileObjects.forSourceString("t." + simpleName, "package t; import dev.sluice.*;\n" + body);
  }

  /** One type per file, so each originating element is a file Gradle would have to track. */
  private static final List<JavaFileObject> SOURCES = List.of(
      file("Line", "public record Line(int start, int end) {}"),
      file("Word", "public record Word(int start, int length) {}"),
      file("Count", "public record Count(int start, int words, int longest) {}"),
      file("Unrelated", "public record Unrelated(int x) {}"),
      file("Limits", """
          final class Limits {
            static final int LONGEST = 40;
            static int clamp(int length) { return Math.min(length, LONGEST); }
          }
          """),
      file("Chars", "@Node @Region(parentBuffer = 8) final class Chars { int count(Line parent) { return parent.end() - parent.start(); } }"),
      file("Words", """
          @Node final class Words {
            @Param final byte[] text;
            Words(byte[] text) { this.text = text; }
            void run(int i, @Parent Line line, @Max(1) Out<Word> words) {
              int at = line.start() + i;
              if (text[at] != ' ' && (at + 1 == line.end() || text[at + 1] == ' ')) {
                int first = at;
                while (first > line.start() && text[first - 1] != ' ') { first--; }
                words.push(new Word(first, Limits.clamp(at - first + 1)));
              }
            }
          }
          """),
      file("PerLine", """
          @Node final class PerLine {
            @Reduce(ReduceOp.SUM) int words;
            @Reduce(ReduceOp.MAX) int longest;
            @SignalHandler(Signal.BEGIN) void begin(Line line) { words = 0; longest = 0; }
            void run(Word w) { words += 1; longest = Math.max(longest, w.length()); }
            @SignalHandler(Signal.END) void end(Line line, @Aggregate Out<Count> out) {
              out.push(new Count(line.start(), words, longest));
            }
          }
          """),
      file("Unused", "@Node final class Unused { void run(int x) { } }"),
      file("Stats", """
          @Pipeline interface Stats {
            @Source Line lines();
            @From("lines") Chars chars();
            @From("chars") Words words();
            @From("words") PerLine perLine();
            @Sink @From("perLine") Count counts();
          }
          """),
      file("Flush", "@SignalTag public record Flush(int id) {}"),
      file("Mark", """
          @Node final class Mark {
            void run(long v, LongOut out, Raise<Flush> flush) { out.push(v); if (v < 0) { flush.raise(new Flush(1)); } }
          }
          """),
      file("Total", """
          @Node final class Total {
            @Reduce(ReduceOp.SUM) long sum;
            void run(long v) { sum += v; }
            @SignalHandler void flush(Flush f, Out<Count> out) { out.push(new Count(f.id(), 0, (int) sum)); sum = 0; }
          }
          """),
      file("Sums", """
          @Pipeline(gpu = false) interface Sums {
            @Source long values();
            @From("values") Mark mark();
            @From("mark") Total total();
            @Sink @From("total") Count counts();
          }
          """));

  @Test
  void everyGeneratedFileNamesEveryTypeItIsDerivedFrom() {
    List<RecordingFiler> filers = new ArrayList<>();
    Compilation c = javac().withProcessors(new SluiceProcessor(schedule -> {}, f -> {
      RecordingFiler r = new RecordingFiler(f);
      filers.add(r);
      return r;
    })).compile(SOURCES);
    assertThat(c).succeeded();
    Map<String, Set<String>> origins = filers.get(0).origins;

    // the pipeline interface, its nodes and the records it carries; for the kernel also Limits, whose
    // helper and constant it copies (the other files are written from declarations alone); not
    // Unused, Unrelated or the other pipeline's types
    Set<String> stats = new TreeSet<>(List.of("t.Stats", "t.Chars", "t.Words", "t.PerLine", "t.Line", "t.Word",
        "t.Count"));
    Set<String> statsKernel = new TreeSet<>(stats);
    statsKernel.add("t.Limits");
    Set<String> sums = new TreeSet<>(List.of("t.Sums", "t.Mark", "t.Total", "t.Flush", "t.Count"));
    Map<String, Set<String>> expected = new LinkedHashMap<>();
    expected.put("t.StatsPipeline", stats);
    expected.put("t.StatsPipeline_CpuInstance", stats);
    expected.put("t.StatsPipeline_CpuDirect", stats);
    expected.put("t.StatsPipeline_Kernel", statsKernel);
    expected.put("t.SumsPipeline", sums);
    expected.put("t.SumsPipeline_CpuInstance", sums);
    expected.put("t.SumsPipeline_CpuDirect", sums);
    // the pictures are generated files too (class-output resources)
    expected.put("t/StatsPipeline.mmd", stats);
    expected.put("t/StatsPipeline.dot", stats);
    expected.put("t/SumsPipeline.mmd", sums);
    expected.put("t/SumsPipeline.dot", sums);
    // each node's source stamp comes from that node alone, used or not
    for (String node : List.of("Chars", "Words", "PerLine", "Unused", "Mark", "Total")) {
      expected.put("t/" + node + SourceStamps.SUFFIX, Set.of("t." + node));
    }
    // and so does that of Limits, a class the kernel copies from
    expected.put("t/Limits" + SourceStamps.SUFFIX, Set.of("t.Limits"));
    assertThat(origins).containsExactlyEntriesIn(expected);
  }
}
