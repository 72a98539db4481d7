package dev.sluice.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.testing.Skip;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The published jars carry the module names users require in module-info.java (the JVM's own
 * module finder reads each jar as it would on the module path) and the license, and each comes with
 * its {@code -sources} and {@code -javadoc} jar. This runs in the examples because their tests see the
 * other modules' packaged jars in {@code mvn verify}; where a module is a folder of classes instead
 * (an IDE, {@code mvn test}), it is skipped with that reason.
 */
class ModuleNamesTest {
  @ParameterizedTest(name = "{1}")
  @CsvSource({
      "dev.sluice.Node, dev.sluice.annotations",
      "dev.sluice.processor.SluiceProcessor, dev.sluice.processor",
      "dev.sluice.runtime.Device, dev.sluice.runtime",
      "dev.sluice.runtime.testing.OpenClAvailable, dev.sluice.runtime.testing",
  })
  void jarNamesItsModule(String className, String moduleName) throws Exception {
    Path where = jarOf(className);
    Set<ModuleReference> found = ModuleFinder.of(where).findAll();
    assertEquals(1, found.size(), where.toString());
    ModuleDescriptor d = found.iterator().next().descriptor();
    assertTrue(d.isAutomatic(), where + " should be an automatic module");
    assertEquals(moduleName, d.name(), "module name of " + where);
    assertHolds(where, "META-INF/LICENSE");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "dev.sluice.Node, dev/sluice/Node",
      "dev.sluice.processor.SluiceProcessor, dev/sluice/processor/SluiceProcessor",
      "dev.sluice.runtime.Device, dev/sluice/runtime/Device",
  })
  void jarHasItsSourcesAndJavadocBeside(String className, String path) throws Exception {
    Path where = jarOf(className);
    String name = where.getFileName().toString();
    String stem = name.substring(0, name.length() - ".jar".length());
    assertHolds(where.resolveSibling(stem + "-sources.jar"), path + ".java");
    // javadoc puts a named module's pages in a folder of the module's name
    assertHolds(where.resolveSibling(stem + "-javadoc.jar"), path + ".html");
  }

  /**
   * The processor's jar is all a -processorpath needs, and holds of the runtime only the classes the
   * processor reaches (the plan it draws, the protocol's constants): put on a class path by mistake, it
   * must not bring a second, perhaps older, copy of the runtime's executors and drivers.
   */
  @org.junit.jupiter.api.Test
  void theProcessorsJarHoldsNoExecutorOrDriver() throws Exception {
    Path jar = jarOf("dev.sluice.processor.SluiceProcessor");
    try (JarFile j = new JarFile(jar.toFile())) {
      assertTrue(j.getEntry("dev/sluice/runtime/plan/PipelinePlan.class") != null, jar + " lacks the plan");
      List<String> extra = j.stream().map(java.util.zip.ZipEntry::getName)
          .filter(n -> n.startsWith("dev/sluice/runtime/cpu/") || n.startsWith("dev/sluice/runtime/opencl/")
              || n.startsWith("dev/sluice/runtime/queue/"))
          .toList();
      assertTrue(extra.isEmpty(), jar + " holds runtime classes the processor does not use: " + extra);
    }
  }

  /** Asserts that {@code jar} has {@code entry}, at its root or in one folder (javadoc's module folder). */
  private static void assertHolds(Path jar, String entry) throws IOException {
    assertTrue(Files.isRegularFile(jar), jar + " is missing");
    try (JarFile j = new JarFile(jar.toFile())) {
      assertTrue(j.stream().anyMatch(e -> e.getName().equals(entry) || e.getName().endsWith("/" + entry)
          && e.getName().indexOf('/') == e.getName().length() - entry.length() - 1), jar + " has no " + entry);
    }
  }

  /** The jar {@code className} was loaded from, or a skip where it comes from a folder of classes. */
  private static Path jarOf(String className) throws Exception {
    Path where = Path.of(Class.forName(className).getProtectionDomain().getCodeSource().getLocation().toURI());
    if (!Files.isRegularFile(where)) {
      throw Skip.because(className + " comes from " + where + ", not a jar (the jars are read in mvn verify)");
    }
    return where;
  }
}
