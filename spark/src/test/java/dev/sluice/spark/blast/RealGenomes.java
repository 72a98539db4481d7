package dev.sluice.spark.blast;

import static org.junit.jupiter.api.Assertions.fail;

import dev.sluice.examples.blast.DataFolder;
import dev.sluice.examples.blast.GenomeFile;
import dev.sluice.runtime.testing.Skip;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The real genomes of the shared data folder; without it the test is skipped with where it was
 * looked for, or fails under {@code SLUICE_REQUIRE_DATA=1} (CI), as in the examples' tests.
 */
final class RealGenomes {
  private RealGenomes() {}

  static GenomeFile read(String file) {
    Optional<Path> dir = DataFolder.find();
    if (dir.isEmpty() && "1".equals(System.getenv("SLUICE_REQUIRE_DATA"))) {
      fail("real genome data absent and SLUICE_REQUIRE_DATA=1: " + DataFolder.searched());
    }
    if (dir.isEmpty()) {
      throw Skip.because("real genome data absent: " + DataFolder.searched());
    }
    try {
      return GenomeFile.read(dir.get().resolve(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
