package dev.sluice.runtime.protocol;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link Failures#text} and {@link Failures#what} run user code while a failure is being reported: what
 * that code throws is said in the text, and the report goes on, except for a full heap, which the run
 * reports as such.
 */
class FailureTextTest {
  /** An item whose {@code toString()} throws what it is given. */
  private record Throwing(Throwable thrown) {
    @Override
    public String toString() {
      if (thrown instanceof Error e) {
        throw e;
      }
      throw (RuntimeException) thrown;
    }
  }

  @Test
  void aToStringThatFailsToLinkIsSaidSo() {
    // a record's toString() first linked on a full heap: the link's error, not the heap's
    String text = Failures.text(new Throwing(new BootstrapMethodError("bootstrap method initialization exception")));
    assertTrue(text.matches(".*\\$Throwing@[0-9a-f]+ \\(its toString\\(\\) threw java\\.lang\\.BootstrapMethodError\\)"),
        text);
    String missing = Failures.text(new Throwing(new NoClassDefFoundError("Gone")));
    assertTrue(missing.endsWith("(its toString() threw java.lang.NoClassDefFoundError)"), missing);
  }

  @Test
  void aGetMessageThatFailsToLinkIsSaidSo() {
    String what = Failures.what(new RuntimeException() {
      @Override
      public String getMessage() {
        throw new BootstrapMethodError("bootstrap method initialization exception");
      }
    });
    assertTrue(what.endsWith("(its getMessage() threw java.lang.BootstrapMethodError)"), what);
  }

  @Test
  void aFullHeapGoesOnForTheRunToReport() {
    assertThrows(OutOfMemoryError.class, () -> Failures.text(new Throwing(new OutOfMemoryError("Java heap space"))));
  }
}
