package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aparapi.Kernel;
import com.aparapi.device.OpenCLDevice;
import dev.sluice.runtime.testing.OpenClAvailable;
import org.junit.jupiter.api.Test;

/** A kernel whose OpenCL does not build says why in its exception, not only on stderr. */
class BuildLogTest {
  /** A local named like an OpenCL keyword: Aparapi writes it as it is, and the OpenCL compiler refuses it. */
  static final class Unbuildable extends Kernel {
    final int[] out = new int[1];

    @Override
    public void run() {
      int global = getGlobalId() + 3;
      out[0] = global;
    }
  }

  @Test
  void theCompilersErrorsAreInTheMessage() {
    for (OpenCLDevice device : OpenClAvailable.devices()) {
      Kernels.KernelException e = assertThrows(Kernels.KernelException.class,
          () -> Kernels.compile(new Unbuildable(), device));
      assertTrue(e.getMessage().contains("did not compile"), e.getMessage());
      assertTrue(e.getMessage().contains("; the OpenCL compiler said:\n  "), e.getMessage());
      assertTrue(e.getMessage().contains("error:"), e.getMessage());
    }
  }

  /** A boolean {@code ?:} as an {@code if}'s test: javac writes jumps alone, which Aparapi cannot translate. */
  static final class Untranslatable extends Kernel {
    final int[] out = new int[1];
    boolean strict = true;

    @Override
    public void run() {
      int v = getGlobalId();
      if (strict ? v > 10 : v >= 10) {
        out[0] = v;
      }
    }
  }

  /**
   * Aparapi keeps a class's failed translation and says only "Code Gen Error Marker present" when it
   * is tried again: the later builds quote the first one's reason (outside-in helper-113).
   */
  @Test
  void aFailedTranslationTriedAgainGivesTheFirstReason() {
    OpenCLDevice device = OpenClAvailable.devices().get(0);
    String first = assertThrows(Kernels.KernelException.class, () -> Kernels.compile(new Untranslatable(), device))
        .getMessage();
    String again = assertThrows(Kernels.KernelException.class, () -> Kernels.compile(new Untranslatable(), device))
        .getMessage();
    assertTrue(first.contains("did not compile") && !first.contains(Kernels.MARKER), first);
    String reason = first.substring(first.indexOf(": ", first.indexOf("did not compile")) + 2);
    assertTrue(again.contains(reason + " (as at its first build in this JVM"), again);
    assertTrue(!again.contains(Kernels.MARKER), again);
  }

  @Test
  void onlyErrorLinesAreQuotedAndAtMostTwelve() {
    assertEquals("", Kernels.compilerErrors("warning: x\nall fine\n"));
    assertEquals("; the OpenCL compiler said:\n  a.cl:1:2: error: bad", Kernels.compilerErrors("note: y\r\n  a.cl:1:2: error: bad\n"));
    String many = "e error: 1\n".repeat(15);
    String quoted = Kernels.compilerErrors(many);
    assertEquals(12, quoted.split("\n  e error").length - 1, quoted);
    assertTrue(quoted.endsWith("\n  (3 more error lines on stderr)"), quoted);
  }
}
