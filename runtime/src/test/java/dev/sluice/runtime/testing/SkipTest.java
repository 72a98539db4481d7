package dev.sluice.runtime.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

class SkipTest {
  @Test
  void abortsWithTheReasonAndPrintsItOnce() {
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    String reason = "a reason only this test gives " + System.nanoTime();
    try {
      System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
      TestAbortedException first = assertThrows(TestAbortedException.class, () -> Skip.because(reason));
      assertThrows(TestAbortedException.class, () -> Skip.because(reason));
      assertEquals(reason, first.getMessage());
    } finally {
      System.setErr(err);
    }
    String printed = captured.toString(StandardCharsets.UTF_8);
    assertEquals(1, printed.lines().filter(l -> l.contains("[sluice] SKIPPED: " + reason)).count(), printed);
  }
}
