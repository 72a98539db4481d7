package dev.sluice.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * The seed that changes from one build to the next, beside the fixed set in {@code mvn verify}: taken
 * from the commit being built (the first 40 bits of its hash), so every new commit tries new cases and
 * a failing build replays exactly, on any machine, with the seed it prints. Outside a git checkout
 * (a source archive) the seed is random, printed just the same. {@code -Dfuzz.fresh=true} asks for a
 * random seed, {@code -Dfuzz.fresh=false} for none.
 */
public final class FreshSeed {
  private FreshSeed() {}

  /** The seed, with where it came from; null when {@code fuzz.fresh} is false. */
  public record Fresh(long seed, String from) {}

  public static Fresh choose(String freshProperty) {
    if ("false".equalsIgnoreCase(freshProperty)) {
      return null;
    }
    if (!"true".equalsIgnoreCase(freshProperty)) {
      String head = head();
      if (head != null) {
        return new Fresh(Long.parseLong(head.substring(0, 10), 16), "commit " + head.substring(0, 12));
      }
    }
    return new Fresh(new Random().nextLong() & 0xFFFFFFFFFFL, "random");
  }

  /** The checked-out commit's hash, or null when there is no git or no checkout. */
  private static String head() {
    try {
      ProcessBuilder pb = new ProcessBuilder("git", "rev-parse", "HEAD").redirectError(ProcessBuilder.Redirect.DISCARD);
      // the tests' JVMs preload the JVM's libjsig, which has git print a warning about signal()
      pb.environment().remove("LD_PRELOAD");
      Process p = pb.start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0 || !out.matches("[0-9a-f]{40}")) {
        return null;
      }
      return out;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
