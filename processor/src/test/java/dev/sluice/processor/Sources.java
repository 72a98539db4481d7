package dev.sluice.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.diagnostics.Message;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;

/** Builds tiny sources, compiles them with the processor, and finds lines by a marker. */
final class Sources {
  private Sources() {}

  /** The common imports every test source gets (prepended on the same first line). */
  static final String IMPORTS = "import dev.sluice.*; ";

  /** A source file {@code t/<Name>.java} with {@code import dev.sluice.*;} on line 1. */
  static JavaFileObject java(String simpleName, String body) {
    return JavaFileObjects.forSourceString("t." + simpleName, "package t; " + IMPORTS + "\n" + body);
  }

  static Compilation compile(JavaFileObject... files) {
    return javac().withProcessors(new SluiceProcessor()).compile(files);
  }

  /** Compiles successfully and returns the one schedule computed. */
  static Schedule schedule(JavaFileObject... files) {
    List<Schedule> schedules = new ArrayList<>();
    Compilation c = javac().withProcessors(new SluiceProcessor(schedules::add)).compile(files);
    assertThat(c).succeededWithoutWarnings();
    assertWithMessage("schedules").that(schedules).hasSize(1);
    return schedules.get(0);
  }

  /** Compiles successfully with exactly one warning, {@code warning}'s, and returns the one schedule computed. */
  static Schedule scheduleWarned(Message warning, JavaFileObject... files) {
    List<Schedule> schedules = new ArrayList<>();
    Compilation c = javac().withProcessors(new SluiceProcessor(schedules::add)).compile(files);
    assertThat(c).succeeded();
    assertWithMessage("warnings").that(c.warnings()).hasSize(1);
    assertWithMessage("the warning").that(c.warnings().get(0).getMessage(java.util.Locale.ROOT))
        .contains("[" + warning.code() + "]");
    assertWithMessage("schedules").that(schedules).hasSize(1);
    return schedules.get(0);
  }

  /** The jar or class folder {@code type} was loaded from: for a class path of the test's own. */
  static java.io.File location(Class<?> type) throws java.net.URISyntaxException {
    return new java.io.File(type.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  /** The 1-based line of the first line of {@code file} containing {@code marker}. */
  static int lineOf(JavaFileObject file, String marker) {
    try {
      String[] lines = file.getCharContent(true).toString().split("\n", -1);
      for (int i = 0; i < lines.length; i++) {
        if (lines[i].contains(marker)) {
          return i + 1;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    throw new AssertionError("no line contains " + marker);
  }

  /** Asserts failure with exactly the given error codes' first error at {@code marker}'s line. */
  static void assertError(Compilation c, Message message, JavaFileObject file, String marker, String... words) {
    assertThat(c).failed();
    assertThat(c).hadErrorContaining("[" + message.code() + "] ").inFile(file).onLine(lineOf(file, marker));
    for (String w : words) {
      assertThat(c).hadErrorContaining(w);
    }
  }

  /**
   * Compiles and asserts one error of {@code message} at {@code marker}'s line, and no other Sluice
   * error; then compiles the same file under ecj, which must report the same.
   */
  static Compilation rejects(JavaFileObject file, Message message, String marker, String... words) {
    Compilation c = compile(file);
    assertError(c, message, file, marker, words);
    assertWithMessage("Sluice errors").that(sluiceErrors(c)).hasSize(1);
    // and the Eclipse compiler reports the same, on the same line (unless it needs javac's Trees API)
    EclipseCompilerTest.assertSameUnderEcj(c, List.of(file));
    return c;
  }

  /** The texts of the errors that carry a Sluice code. */
  static List<String> sluiceErrors(Compilation c) {
    return c.errors().stream().map(d -> d.getMessage(null)).filter(m -> m.startsWith("[SLU")).toList();
  }
}
