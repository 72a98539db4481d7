package dev.sluice.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The runtime's package graph, read from its sources (every reference, imported or written out): the
 * back ends ({@code cpu}, {@code opencl})
 * are siblings that never import each other, and the packages they build on ({@code protocol},
 * {@code plan}, {@code queue}, {@code input}, the root) import no back end and no Aparapi. The root
 * reaches the OpenCL back end's device discovery through {@link java.util.ServiceLoader}, not an import.
 */
class RuntimeImportsTest {
  private static final Path SOURCES = Path.of("src", "main", "java", "dev", "sluice", "runtime");
  /** A reference to a runtime class (imported or written out, in code or Javadoc), or to Aparapi. */
  private static final Pattern REFERENCE =
      Pattern.compile("(dev\\.sluice\\.runtime((?:\\.[a-z]+)*)\\.[A-Z]\\w*|com\\.aparapi)\\b");

  /** What each package may import, besides itself. "root" is {@code dev.sluice.runtime}. */
  private static final Map<String, Set<String>> ALLOWED = Map.of(
      "root", Set.of("plan"),
      "plan", Set.of(),
      "queue", Set.of(),
      "input", Set.of("root"),
      "protocol", Set.of("plan", "root"),
      "cpu", Set.of("protocol", "plan", "queue", "input", "root"),
      // the direct executor's runtime half: part of the CPU back end, below its driver
      "cpu/direct", Set.of("cpu", "protocol", "plan", "queue", "input", "root"),
      // queue for SinkLimit alone: the one limit and refusal of a sink's items on every back end
      "opencl", Set.of("protocol", "plan", "queue", "input", "root", "aparapi"));

  @Test
  void noArrowRunsBackUp() throws IOException {
    List<String> broken = new ArrayList<>();
    int files = 0;
    try (Stream<Path> all = Files.walk(SOURCES)) {
      for (Path file : all.filter(p -> p.toString().endsWith(".java")).toList()) {
        files++;
        Path dir = SOURCES.relativize(file).getParent();
        String from = dir == null ? "root" : dir.toString();
        assertTrue(ALLOWED.containsKey(from), "a package the rule does not know: " + from);
        Matcher m = REFERENCE.matcher(Files.readString(file).replaceFirst("(?m)^package .*$", ""));
        while (m.find()) {
          String to = m.group(1).equals("com.aparapi") ? "aparapi"
              : m.group(2).isEmpty() ? "root" : m.group(2).substring(1).replace('.', '/');
          if (to.equals(from) || ALLOWED.get(from).contains(to)) {
            continue;
          }
          String arrow = from + "/" + file.getFileName() + ": " + to;
          if (!broken.contains(arrow)) {
            broken.add(arrow);
          }
        }
      }
    }
    assertTrue(files > 30, "read the runtime's sources (" + files + " files under " + SOURCES.toAbsolutePath() + ")");
    assertEquals(List.of(), broken, "imports that run against the package graph (docs/architecture.md)");
  }
}
