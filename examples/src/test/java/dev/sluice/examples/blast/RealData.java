package dev.sluice.examples.blast;

import static org.junit.jupiter.api.Assertions.fail;

import dev.sluice.runtime.testing.Skip;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The real genomes of the shared data folder, parsed once per test JVM; tests skip without them (outside CI). */
final class RealData {
  private static final Map<String, GenomeFile> PARSED = new ConcurrentHashMap<>();

  private RealData() {}

  /**
   * The data folder, or the test is skipped with where it was looked for; with
   * {@code SLUICE_REQUIRE_DATA=1} (set by CI) a missing folder fails the test instead.
   */
  static Path folder() {
    Optional<Path> dir = DataFolder.find();
    if (dir.isEmpty() && "1".equals(System.getenv("SLUICE_REQUIRE_DATA"))) {
      fail("real genome data absent and SLUICE_REQUIRE_DATA=1: " + DataFolder.searched());
    }
    if (dir.isEmpty()) {
      throw Skip.because("real genome data absent: " + DataFolder.searched());
    }
    return dir.get();
  }

  static GenomeFile genome(String file) {
    Path dir = folder();
    return PARSED.computeIfAbsent(file, f -> {
      try {
        return GenomeFile.read(dir.resolve(f));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }
}
