package dev.sluice.processor;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.eclipse.jdt.internal.compiler.tool.EclipseCompiler;

/**
 * Compiles sources from disk with the processor, under the Eclipse compiler (ecj, the one Eclipse
 * and m2e use) or under javac, the same way for both: the test class path, {@code --release 17},
 * generated sources to their own folder. For comparing what the two report and generate.
 */
final class Ecj {
  private Ecj() {}

  /** One diagnostic as a user sees it: kind, file name (or "" for none), line, text. */
  record Reported(Diagnostic.Kind kind, String file, long line, String message) {
    @Override
    public String toString() {
      return kind + " " + file + ":" + line + " " + message;
    }
  }

  /** What a compilation reported (the Sluice diagnostics) and generated (file path to text). */
  record Result(boolean success, List<Reported> sluice, List<Reported> all, Map<String, String> generated) {}

  /** Processes and compiles {@code sources}, the generated classes too, against the test class path. */
  static Result eclipse(List<JavaFileObject> sources, Processor processor) {
    return compile(new EclipseCompiler(), sources, processor, false);
  }

  /**
   * Only runs the processor ({@code -proc:only}) with just the annotations on the class path: what
   * it reports, quickly.
   */
  static Result eclipseProcessOnly(List<JavaFileObject> sources, Processor processor) {
    return compile(new EclipseCompiler(), sources, processor, true);
  }

  static Result javac(List<JavaFileObject> sources, Processor processor) {
    return compile(ToolProvider.getSystemJavaCompiler(), sources, processor, false);
  }

  /** The class path entry that holds the annotations (their jar, or annotations/target/classes). */
  private static String annotationsPath() {
    try {
      return Path.of(dev.sluice.Node.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Result compile(JavaCompiler compiler, List<JavaFileObject> sources, Processor processor, boolean processOnly) {
    Path dir = null;
    try {
      dir = Files.createTempDirectory("sluice-ecj");
      Path src = Files.createDirectories(dir.resolve("src"));
      Path gen = Files.createDirectories(dir.resolve("generated"));
      Path classes = Files.createDirectories(dir.resolve("classes"));
      List<Path> files = new ArrayList<>();
      for (JavaFileObject source : sources) {
        // compile-testing names an in-memory source "/t/P.java"
        Path file = src.resolve(source.getName().replaceFirst("^/", ""));
        Files.createDirectories(file.getParent());
        Files.writeString(file, source.getCharContent(true), StandardCharsets.UTF_8);
        files.add(file);
      }
      DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
      boolean ok;
      try (StandardJavaFileManager fm = compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
        List<String> options = new ArrayList<>(List.of("--release", "17", "-encoding", "UTF-8",
            "-classpath", processOnly ? annotationsPath() : System.getProperty("java.class.path"),
            "-s", gen.toString(), "-d", classes.toString()));
        if (processOnly) {
          options.add("-proc:only");
        }
        // ecj also prints its problems; they are in the diagnostics, so its printout is dropped
        JavaCompiler.CompilationTask task = compiler.getTask(new StringWriter(), fm, diagnostics, options, null,
            fm.getJavaFileObjectsFromPaths(files));
        task.setProcessors(List.of(processor));
        ok = task.call();
      }
      List<Reported> all = new ArrayList<>();
      for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
        String file = d.getSource() == null ? "" : Path.of(d.getSource().toUri()).getFileName().toString();
        all.add(new Reported(d.getKind(), file, d.getLineNumber(), d.getMessage(Locale.ROOT)));
      }
      List<Reported> sluice = all.stream().filter(r -> r.message().startsWith("[SLU")).toList();
      Map<String, String> generated = new TreeMap<>();
      try (Stream<Path> walk = Files.walk(gen)) {
        for (Path p : walk.filter(Files::isRegularFile).toList()) {
          generated.put(gen.relativize(p).toString().replace('\\', '/'), Files.readString(p, StandardCharsets.UTF_8));
        }
      }
      return new Result(ok, sluice, all, generated);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      delete(dir);
    }
  }

  private static void delete(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
