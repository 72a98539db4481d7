package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.sluice.processor.diagnostics.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The processor under the Eclipse compiler (ecj 3.46, as in Eclipse and m2e), against javac: the
 * same {@code <Name>Pipeline} and {@code _CpuInstance} sources, and one note (SLU309) saying that
 * method bodies are not checked and no OpenCL kernel is written, since ecj has no javac Trees API.
 * Rejections are compared in {@link Sources#rejects}: every one the processor tests make is also
 * compiled with ecj.
 */
class EclipseCompilerTest {
  private static JavaFileObject file(String simpleName, String body) {
    return JavaFileObjects.forSourceString("t." + simpleName, "package t;\n\nimport dev.sluice.*;\n\n" + body);
  }

  /** The README's Taxi pipeline, one type per file, and a second pipeline with a user signal, kept on the CPU. */
  static final List<JavaFileObject> PIPELINES = List.of(
      file("Line", "public record Line(int start, int end) {}\n"),
      file("Summary", "public record Summary(int start, int digits) {}\n"),
      file("Chars", """
          @Node @Region(parentBuffer = 64)
          public final class Chars {
            public int count(Line parent) { return parent.end() - parent.start(); }
          }
          """),
      file("Digits", """
          @Node
          public final class Digits {
            @Param final byte[] text;
            public Digits(byte[] text) { this.text = text; }
            public void run(int i, @Parent Line line, @Max(1) IntOut out) {
              byte c = text[line.start() + i];
              if (c >= '0' && c <= '9') out.push(line.start() + i);
            }
          }
          """),
      file("PerLine", """
          @Node
          public final class PerLine {
            @Reduce(ReduceOp.SUM) int digits;
            public void run(int pos) { digits += 1; }
            @SignalHandler(Signal.END)
            public void end(Line line, @Aggregate @Max(1) Out<Summary> out) {
              out.push(new Summary(line.start(), digits));
              digits = 0;
            }
          }
          """),
      file("Taxi", """
          @Pipeline
          public interface Taxi {
            @Source Line lines();
            @From("lines") Chars chars();
            @From("chars") Digits digits();
            @From("digits") PerLine perLine();
            @Sink @From("perLine") Summary summaries();
          }
          """),
      file("Flush", "@SignalTag public record Flush(int id) {}\n"),
      file("Total", "public record Total(int id, long sum) {}\n"),
      file("Mark", """
          @Node final class Mark {
            void run(long v, @Max(2) LongOut out, Raise<Flush> flush) {
              out.push(v);
              if (v < 0) { out.push(-v); flush.raise(new Flush((int) v)); }
            }
          }
          """),
      file("Sum", """
          @Node final class Sum {
            @Reduce(ReduceOp.SUM) long sum;
            void run(long v) { sum += v; }
            @SignalHandler void flush(Flush f, Out<Total> out) { out.push(new Total(f.id(), sum)); sum = 0; }
          }
          """),
      file("Sums", """
          @Pipeline(gpu = false, width = 32)
          interface Sums {
            @Source long values();
            @From("values") Mark mark();
            @From("mark") Sum sum();
            @Sink @From("sum") Total totals();
          }
          """));

  /** ecj's line number for a diagnostic on no element (javac's is {@link Diagnostic#NOPOS}, -1). */
  static final long ECJ_NO_LINE = 0;

  /**
   * Codes only a compiler with javac's Trees API reports: body checks (SLU305-308), records beside nodes (SLU314) and the GPU
   * kernel's (SLU6xx). Under ecj they are replaced by the one SLU309 note.
   */
  static boolean needsTrees(String code) {
    return code.compareTo("SLU305") >= 0 && code.compareTo("SLU308") <= 0 || code.equals("SLU314") || code.startsWith("SLU6");
  }

  private static String code(Ecj.Reported r) {
    return r.message().substring(1, r.message().indexOf(']'));
  }

  /**
   * Compiles {@code files} with ecj and asserts that it reports what javac reported in {@code javac}:
   * the same Sluice diagnostics (kind, file, line, text), less those that need the Trees API, plus
   * the one SLU309 note.
   */
  static void assertSameUnderEcj(Compilation javac, List<JavaFileObject> files) {
    List<Ecj.Reported> expected = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : javac.diagnostics()) {
      String text = d.getMessage(Locale.ROOT);
      if (text.startsWith("[SLU")) {
        String file = d.getSource() == null ? "" : d.getSource().getName().replaceFirst(".*/", "");
        Ecj.Reported r = new Ecj.Reported(d.getKind(), file, d.getLineNumber(), text);
        if (!needsTrees(code(r))) {
          expected.add(r);
        }
      }
    }
    Ecj.Result ecj = Ecj.eclipseProcessOnly(files, new SluiceProcessor());
    List<Ecj.Reported> notes = ecj.sluice().stream().filter(r -> code(r).equals("SLU309")).toList();
    assertWithMessage("ecj's notes").that(notes).containsExactly(
        new Ecj.Reported(Diagnostic.Kind.NOTE, "", ECJ_NO_LINE, Message.BODY_CHECKS_SKIPPED.text()));
    List<Ecj.Reported> rest = ecj.sluice().stream().filter(r -> !code(r).equals("SLU309")).toList();
    assertWithMessage("Sluice diagnostics under ecj, against javac's").that(rest).containsExactlyElementsIn(expected);
  }

  @Test
  void sameCpuSourcesAsJavacAndOneNote() {
    Ecj.Result javac = Ecj.javac(PIPELINES, new SluiceProcessor());
    Ecj.Result withoutTrees = Ecj.javac(PIPELINES, new NoTreesTest.WithoutTrees());
    Ecj.Result ecj = Ecj.eclipse(PIPELINES, new SluiceProcessor());
    assertWithMessage("javac: " + javac.all()).that(javac.success()).isTrue();
    assertWithMessage("ecj: " + ecj.all()).that(ecj.success()).isTrue();
    assertThat(javac.sluice()).isEmpty();
    assertThat(ecj.sluice()).containsExactly(
        new Ecj.Reported(Diagnostic.Kind.NOTE, "", ECJ_NO_LINE, Message.BODY_CHECKS_SKIPPED.text()));

    // javac writes Taxi's kernel; ecj cannot (no node bodies), and writes the other files alike
    assertThat(javac.generated().keySet()).containsExactly("t/TaxiPipeline.java", "t/TaxiPipeline_CpuInstance.java",
        "t/TaxiPipeline_CpuDirect.java", "t/TaxiPipeline_Kernel.java", "t/SumsPipeline.java",
        "t/SumsPipeline_CpuInstance.java", "t/SumsPipeline_CpuDirect.java");
    assertThat(ecj.generated().keySet()).containsExactly("t/TaxiPipeline.java", "t/TaxiPipeline_CpuInstance.java",
        "t/TaxiPipeline_CpuDirect.java", "t/SumsPipeline.java", "t/SumsPipeline_CpuInstance.java",
        "t/SumsPipeline_CpuDirect.java");
    for (String same : List.of("t/TaxiPipeline_CpuInstance.java", "t/TaxiPipeline_CpuDirect.java",
        "t/SumsPipeline.java", "t/SumsPipeline_CpuInstance.java", "t/SumsPipeline_CpuDirect.java")) {
      assertWithMessage(same).that(ecj.generated().get(same)).isEqualTo(javac.generated().get(same));
    }
    // the one documented difference: a GPU pipeline's class has no kernel, and says why at run time,
    // exactly as javac writes it without the Trees API
    String taxi = ecj.generated().get("t/TaxiPipeline.java");
    assertThat(taxi).isEqualTo(withoutTrees.generated().get("t/TaxiPipeline.java"));
    assertThat(taxi).doesNotContain("TaxiPipeline_Kernel");
    assertThat(taxi).contains("private static final String NO_KERNEL = \"the compiler has no javac Trees API");
    assertThat(javac.generated().get("t/TaxiPipeline.java")).contains("OpenClDriver.run(PLAN, run, input.apply(OpenClDriver.sliceItems(run)), MethodHandles.lookup(), this)");
    // and nothing in them that ecj warns of: it called the @SuppressWarnings("deprecation") of a pipeline that
    // names nothing deprecated unnecessary, and -failOnWarning failed the build (outside-in helper-85)
    assertWithMessage("ecj's warnings in generated sources").that(ecj.all().stream()
        .filter(r -> r.kind() == Diagnostic.Kind.WARNING && r.file().contains("Pipeline")).toList()).isEmpty();
  }
}
