package dev.sluice.runtime.testing;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Assumptions;
import org.opentest4j.TestAbortedException;

/**
 * Skips a test with its reason, and says that reason on the console: surefire's console shows only
 * how many tests were skipped, the reasons only in its XML reports. Each reason is printed once per
 * test JVM, on stderr, however many tests it skips.
 */
public final class Skip {
  private static final Set<String> SAID = ConcurrentHashMap.newKeySet();

  private Skip() {}

  /** Aborts the calling test with {@code reason}, printing the reason the first time. */
  public static TestAbortedException because(String reason) {
    if (SAID.add(reason)) {
      System.err.println("[sluice] SKIPPED: " + reason + " (each skip reason is printed once per test JVM)");
    }
    Assumptions.abort(reason);
    throw new AssertionError("unreachable: Assumptions.abort returned");
  }
}
