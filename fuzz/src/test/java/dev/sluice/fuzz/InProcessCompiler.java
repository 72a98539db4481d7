package dev.sluice.fuzz;

import com.aparapi.Kernel;
import dev.sluice.Node;
import dev.sluice.processor.SluiceProcessor;
import dev.sluice.runtime.plan.PipelinePlan;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

/**
 * Compiles generated Java sources in this JVM with Sluice's annotation processor, the way a user's
 * {@code mvn package} would, and loads the result. Many pipelines go into one compilation (each in
 * its own package) so javac's start-up is paid once per batch.
 *
 * <p>The class path is built from the jars (or class folders) that hold the annotations, the runtime
 * and Aparapi, not from {@code java.class.path}, which under surefire may be a manifest-only jar.
 */
public final class InProcessCompiler {
  private InProcessCompiler() {}

  /** What a compilation gave: the loader for its classes and every diagnostic javac printed. */
  public record Compiled(ClassLoader loader, Path sources, Path classes, List<String> diagnostics) {
    /** A class of this compilation, by its binary name. */
    public Class<?> load(String name) {
      try {
        return Class.forName(name, true, loader);
      } catch (ClassNotFoundException e) {
        throw new AssertionError(name + " was not generated; diagnostics: " + diagnostics, e);
      }
    }

    /**
     * Removes this compilation's folder (sources, classes, generated sources). For a check that passed:
     * one that failed keeps its folder, which its message names, to be read or compiled again.
     */
    public void delete() {
      deleteFolder(sources.getParent());
    }
  }

  /** Removes {@code root} and what is in it; a folder left behind in the temp folder is harmless. */
  static void deleteFolder(Path root) {
    try (Stream<Path> walk = Files.walk(root)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // left behind
    }
  }

  /** A compilation javac or the processor rejected: its diagnostics and where the sources are. */
  public static final class CompileFailed extends AssertionError {
    public final List<String> diagnostics;
    /** The folder of the sources that failed. */
    public final Path sources;

    CompileFailed(Path sources, List<String> diagnostics) {
      super("compilation failed (sources in " + sources + "):\n" + String.join("\n", diagnostics));
      this.diagnostics = diagnostics;
      this.sources = sources;
    }
  }

  /**
   * Compiles {@code sources} (file path relative to the source root, e.g. {@code p1/Foo.java}, to its
   * text) with the processor, every lint on. Warnings and notes are kept in {@link Compiled#diagnostics()};
   * an error throws {@link CompileFailed}, and so does a warning in a generated source: a team that builds
   * with {@code -Xlint:all -Werror} must be able to compile every pipeline the processor accepts.
   */
  public static Compiled compile(Map<String, String> sources) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException("no system Java compiler: run the fuzzer on a JDK, not a JRE");
    }
    try {
      Path root = Files.createTempDirectory("sluice-fuzz-");
      Path src = Files.createDirectories(root.resolve("src"));
      Path classes = Files.createDirectories(root.resolve("classes"));
      Path generated = Files.createDirectories(root.resolve("generated"));
      List<File> files = new ArrayList<>();
      for (Map.Entry<String, String> e : sources.entrySet()) {
        Path file = src.resolve(e.getKey());
        Files.createDirectories(file.getParent());
        Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
        files.add(file.toFile());
      }
      DiagnosticCollector<JavaFileObject> collector = new DiagnosticCollector<>();
      try (StandardJavaFileManager fm = javac.getStandardFileManager(collector, Locale.ROOT, StandardCharsets.UTF_8)) {
        fm.setLocation(StandardLocation.CLASS_PATH, classPath());
        fm.setLocation(StandardLocation.CLASS_OUTPUT, List.of(classes.toFile()));
        fm.setLocation(StandardLocation.SOURCE_OUTPUT, List.of(generated.toFile()));
        JavaCompiler.CompilationTask task = javac.getTask(null, fm, collector,
            List.of("-proc:full", "-Xlint:all,-processing,-options", "-g", "--release", "17"), null,
            fm.getJavaFileObjectsFromFiles(files));
        task.setProcessors(List.of(new SluiceProcessor()));
        boolean ok = task.call();
        List<String> diagnostics = collector.getDiagnostics().stream()
            .map(InProcessCompiler::describe)
            .collect(Collectors.toList());
        List<String> generatedWarnings = collector.getDiagnostics().stream()
            .filter(d -> d.getKind() == Diagnostic.Kind.WARNING || d.getKind() == Diagnostic.Kind.MANDATORY_WARNING)
            .filter(d -> d.getSource() != null && Path.of(d.getSource().toUri()).startsWith(generated))
            .map(InProcessCompiler::describe)
            .toList();
        if (!ok || !generatedWarnings.isEmpty()) {
          throw new CompileFailed(src, ok ? generatedWarnings : diagnostics);
        }
        URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
            InProcessCompiler.class.getClassLoader());
        return new Compiled(loader, src, classes, diagnostics);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String describe(Diagnostic<? extends JavaFileObject> d) {
    String where = d.getSource() == null ? "" : d.getSource().getName() + ":" + d.getLineNumber() + ": ";
    return d.getKind() + ": " + where + d.getMessage(Locale.ROOT);
  }

  /**
   * The annotations, the runtime, Aparapi and the fuzzers' own classes (so that generated code can
   * implement their interfaces), wherever this JVM loaded them from.
   */
  private static List<File> classPath() {
    List<File> path = new ArrayList<>();
    for (Class<?> c : List.of(Node.class, PipelinePlan.class, Kernel.class, InProcessCompiler.class)) {
      try {
        path.add(new File(c.getProtectionDomain().getCodeSource().getLocation().toURI()));
      } catch (URISyntaxException e) {
        throw new IllegalStateException("cannot locate " + c.getName(), e);
      }
    }
    return path;
  }
}
