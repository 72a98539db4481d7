package dev.sluice.examples.blast;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the shared data folder with the real genomes ({@code ../shared/data} beside the project; never
 * copied into it): the system property {@code sluice.data}, else the environment variable
 * {@code SLUICE_DATA}, else {@code shared/data} in the working directory or one of its parents.
 */
public final class DataFolder {
  public static final String ECOLI = "ecoli-k12-231k.txt";
  public static final String SALMONELLA_10K = "salmonella-10k.txt";
  public static final String SALMONELLA_50K = "salmonella-50k.txt";

  private DataFolder() {}

  /** The folder, if one of the places above names a folder holding {@link #ECOLI}. */
  public static Optional<Path> find() {
    String named = System.getProperty("sluice.data");
    if (named == null || named.isBlank()) {
      named = System.getenv("SLUICE_DATA");
    }
    if (named != null && !named.isBlank()) {
      Path p = Path.of(named).toAbsolutePath().normalize();
      return Files.isRegularFile(p.resolve(ECOLI)) ? Optional.of(p) : Optional.empty();
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path p = dir.resolve("shared").resolve("data");
      if (Files.isRegularFile(p.resolve(ECOLI))) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  /** Where {@link #find()} looked, for the message when it found nothing. */
  public static String searched() {
    String named = System.getProperty("sluice.data");
    if (named == null || named.isBlank()) {
      named = System.getenv("SLUICE_DATA");
    }
    if (named != null && !named.isBlank()) {
      Path p = Path.of(named).toAbsolutePath().normalize().resolve(ECOLI);
      return (Files.exists(p) ? p + " is not a regular file" : "no " + ECOLI + " in " + named)
          + " (from -Dsluice.data or SLUICE_DATA)";
    }
    return "no shared/data/" + ECOLI + " in " + Path.of("").toAbsolutePath()
        + " or its parents (set -Dsluice.data=DIR or SLUICE_DATA=DIR)";
  }
}
