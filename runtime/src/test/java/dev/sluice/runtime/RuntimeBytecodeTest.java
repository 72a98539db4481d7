package dev.sluice.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No class of the runtime builds a string with {@code invokedynamic}: such a concatenation is linked the
 * first time it runs, and a failure's message is often first built on a heap that is full. The link then
 * fails, its {@link BootstrapMethodError} replaces the failure (CI: "caused by StringConcatException"
 * where the examples' {@code HeapFullTest} wants the heap-full {@link PipelineException}), and that
 * place fails the same way for the rest of the JVM's life. The runtime's pom compiles with
 * {@code -XDstringConcat=inline}; this reads every class file it wrote.
 */
class RuntimeBytecodeTest {
  @Test
  void noRuntimeClassLinksAStringConcatenation() throws IOException, URISyntaxException {
    Path classes = Path.of(PipelineException.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<Path> files;
    try (Stream<Path> walk = Files.walk(classes)) {
      files = walk.filter(p -> p.toString().endsWith(".class")).toList();
    }
    assertTrue(files.size() > 50, "the runtime's classes at " + classes + ": " + files.size());
    List<String> linking = files.stream().filter(RuntimeBytecodeTest::linksConcatenation)
        .map(p -> classes.relativize(p).toString()).sorted().toList();
    assertEquals(List.of(), linking);
  }

  /** The class file names the factory, as every constant pool of a class with such a site does. */
  private static boolean linksConcatenation(Path classFile) {
    try {
      // class files store names in modified UTF-8, which is ASCII for this one
      return new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1)
          .contains("java/lang/invoke/StringConcatFactory");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
