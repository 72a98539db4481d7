package dev.sluice.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The published jars carry the module names users require in module-info.java: the JVM's own
 * module finder reads each jar as it would on the module path. This runs in the examples because
 * their tests see the other modules' packaged jars in {@code mvn verify}; where a module is a folder
 * of classes instead (an IDE, {@code mvn test}), it is skipped with that reason.
 */
class ModuleNamesTest {
  @ParameterizedTest(name = "{1}")
  @CsvSource({
      "dev.sluice.Node, dev.sluice.annotations",
      "dev.sluice.processor.SluiceProcessor, dev.sluice.processor",
      "dev.sluice.runtime.Device, dev.sluice.runtime",
  })
  void jarNamesItsModule(String className, String moduleName) throws Exception {
    Path where = Path.of(Class.forName(className).getProtectionDomain().getCodeSource().getLocation().toURI());
    Assumptions.assumeTrue(Files.isRegularFile(where), className + " comes from " + where + ", not a jar");
    Set<ModuleReference> found = ModuleFinder.of(where).findAll();
    assertEquals(1, found.size(), where.toString());
    ModuleDescriptor d = found.iterator().next().descriptor();
    assertTrue(d.isAutomatic(), where + " should be an automatic module");
    assertEquals(moduleName, d.name(), "module name of " + where);
  }
}
