package dev.sluice.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.testing.Skip;
import java.io.File;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pipeline in a named module that exports its package compiles under {@code -Xlint:all -Werror} with
 * the jars users get on the module path (Aparapi's too, for the kernel), the processor on the processor
 * path. Two lints speak only in
 * such a module: {@code missing-explicit-ctor} (a public class of an exported package with the default
 * constructor: the generated {@code Builder} had one, outside-in helper-125) and {@code exports} (the
 * generated API names runtime types, which the module must {@code requires transitive}). The
 * {@code requires-automatic} lints are left off: Sluice's jars are automatic modules, which javac warns
 * of in every module requiring them (the user guide says so).
 */
class NamedModuleLintTest {
  @TempDir
  Path dir;

  @Test
  void anExportedPipelineWarnsNothing() throws Exception {
    Path src = dir.resolve("src");
    Files.createDirectories(src.resolve("t"));
    Files.writeString(src.resolve("module-info.java"), """
        module t {
          requires transitive dev.sluice.annotations;
          requires transitive dev.sluice.runtime;
          requires transitive java.compiler;
          requires aparapi;
          exports t;
          opens t to aparapi;
        }
        """);
    Files.writeString(src.resolve("t/P.java"), """
        package t;

        import dev.sluice.*;

        @Pipeline
        public interface P {
          @Source long in();
          @From("in") Twice twice();
          @Sink @From("twice") long out();

          @Node final class Twice {
            public Twice() {}

            public void run(long x, LongOut out) {
              out.push(2 * x);
            }
          }
        }
        """);
    String modulePath = String.join(File.pathSeparator, jarOf("dev.sluice.Node"), jarOf("dev.sluice.runtime.Device"),
        jarOf("com.aparapi.Kernel"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> seen = new DiagnosticCollector<>();
    StringWriter out = new StringWriter();
    boolean ok;
    try (StandardJavaFileManager files = javac.getStandardFileManager(seen, null, null)) {
      List<String> options = List.of("-Xlint:all,-requires-automatic,-requires-transitive-automatic,-processing",
          "-Werror", "--module-path", modulePath, "--processor-path", jarOf("dev.sluice.processor.SluiceProcessor"),
          "-d", Files.createDirectories(dir.resolve("classes")).toString());
      ok = javac.getTask(out, files, seen, options, null,
          files.getJavaFileObjects(src.resolve("module-info.java"), src.resolve("t/P.java"))).call();
    }
    List<String> said = seen.getDiagnostics().stream()
        .filter(d -> d.getKind() != Diagnostic.Kind.NOTE)
        .map(d -> d.getKind() + " " + d.getSource() + ":" + d.getLineNumber() + ": " + d.getMessage(null))
        .toList();
    assertEquals(List.of(), said, out.toString());
    assertTrue(ok, out.toString());
    // every generated class was compiled under the lints, the kernel's included
    for (String c : List.of("PPipeline", "PPipeline$Builder", "PPipeline_Kernel", "PPipeline_CpuDirect")) {
      assertTrue(Files.isRegularFile(dir.resolve("classes/t/" + c + ".class")), c + " was not compiled");
    }
  }

  /** The jar {@code className} was loaded from, or a skip where it comes from a folder of classes. */
  private static String jarOf(String className) throws Exception {
    Path where = Path.of(Class.forName(className).getProtectionDomain().getCodeSource().getLocation().toURI());
    if (!Files.isRegularFile(where)) {
      throw Skip.because(className + " comes from " + where + ", not a jar (the jars are read in mvn verify)");
    }
    return where.toString();
  }
}
