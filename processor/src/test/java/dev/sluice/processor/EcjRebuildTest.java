package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;

import dev.sluice.processor.diagnostics.Message;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.eclipse.jdt.internal.compiler.tool.EclipseCompiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second build with the first one's classes on the class path, as a build into the same output folder
 * has them. Eclipse's batch compiler refuses to write a source for a type it finds as a class file
 * there, and the user was told to rename a type of their own (SLU126; outside-in helper-85): now
 * SLU136 names the earlier build's classes. javac writes over them.
 */
class EcjRebuildTest {
  private static final String PIPELINE = """
      package p;
      import dev.sluice.*;
      @Pipeline interface Twice {
        @Source int in();
        @From("in") Doubler dbl();
        @Sink @From("dbl") int out();
      }
      @Node final class Doubler {
        public void run(int x, IntOut out) { out.push(x * 2); }
      }
      """;

  @TempDir Path dir;

  @Test
  void ecjAskedToWriteAgainAGeneratedClassOnTheClassPathSaysSo() throws IOException {
    assertThat(build(new EclipseCompiler())).isEmpty();
    List<String> second = build(new EclipseCompiler());
    assertThat(second).hasSize(1);
    assertThat(second.get(0)).startsWith("[" + Message.GENERATED_TYPE_ON_CLASS_PATH.code() + "] pipeline p.Twice"
        + " generates the type p.TwicePipeline, but the compiler finds a class of that name on the class path");
    assertThat(second.get(0)).endsWith("Delete TwicePipeline*.class from that folder, or build into an empty one");
  }

  @Test
  void javacWritesOverTheEarlierBuild() throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertThat(build(javac)).isEmpty();
    assertThat(build(javac)).isEmpty();
  }

  /** Builds the pipeline into {@code classes}, which is on the class path; the errors it reported. */
  private List<String> build(JavaCompiler compiler) throws IOException {
    Path src = Files.createDirectories(dir.resolve("src/p"));
    Files.writeString(src.resolve("Twice.java"), PIPELINE);
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path gen = Files.createDirectories(dir.resolve("generated"));
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager fm = compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      List<String> options = List.of("--release", "17", "-encoding", "UTF-8", "-classpath",
          classes + File.pathSeparator + System.getProperty("java.class.path"), "-s", gen.toString(), "-d", classes.toString());
      JavaCompiler.CompilationTask task = compiler.getTask(new StringWriter(), fm, diagnostics, options, null,
          fm.getJavaFileObjectsFromPaths(List.of(src.resolve("Twice.java"))));
      task.setProcessors(List.of(new SluiceProcessor()));
      task.call();
    }
    return diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == javax.tools.Diagnostic.Kind.ERROR)
        .map(d -> d.getMessage(Locale.ROOT)).toList();
  }
}
