package dev.sluice.runtime.opencl;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import dev.sluice.runtime.DivisionProbe;

/**
 * The two settings of PoCL (OpenCL on the CPU) that Sluice chooses before OpenCL starts in this
 * process, each only where the environment does not set it already; PoCL reads them when its devices
 * start, so they have no effect where OpenCL was started before Sluice's first device listing, and
 * other drivers ignore them.
 *
 * <ul>
 *   <li>{@code POCL_SIGFPE_HANDLER=0}. Otherwise PoCL installs its own {@code SIGFPE} handler, which
 *       replaces the JVM's, and Java's {@code x / 0} stops throwing in the whole JVM
 *       ({@link dev.sluice.runtime.DivisionProbe}, which still checks). PoCL's handler exists for
 *       kernels that divide by zero; a Sluice kernel never does (it tests every divisor first, as
 *       Java's semantics ask).
 *   <li>{@code POCL_WORK_GROUP_METHOD=loops}. PoCL runs a work-group as loops over its work-items,
 *       and by default ({@code loopvec}) vectorizes those loops. PoCL 3.1 (Debian 12's) miscompiles a
 *       loop whose exit depends on the work-item's data and is taken through a flag, which is how the
 *       kernel writes every {@code break}: {@code for (m = 0; !stop; ...) { if (m > (x & 31)) stop =
 *       true; ... }} left a sixteenth of the work-items one iteration late (x & 31 of 14 or 30), in a
 *       plain Aparapi kernel too; the same loop as {@code while (m <= (x & 31))} was right, and so was
 *       every other work-group method ({@code loops}, {@code cbs}, {@code repl}). {@code loops} is the
 *       same loops, not vectorized.
 * </ul>
 */
final class PoclEnvironment {
  static final String WORK_GROUP_VARIABLE = "POCL_WORK_GROUP_METHOD";
  static final String WORK_GROUP_METHOD = "loops";

  /** The C library's {@code setenv}, as JNA calls it. */
  interface C extends Library {
    int setenv(String name, String value, int overwrite);
  }

  private PoclEnvironment() {}

  /** Sets each variable for this process unless it is set; false where the C library could not be called. */
  static boolean choose() {
    if (Platform.isWindows()) {
      return false;
    }
    try {
      C c = Native.load(Platform.C_LIBRARY_NAME, C.class);
      boolean ok = true;
      if (System.getenv(DivisionProbe.POCL_VARIABLE) == null) {
        ok &= c.setenv(DivisionProbe.POCL_VARIABLE, "0", 0) == 0;
      }
      if (System.getenv(WORK_GROUP_VARIABLE) == null) {
        ok &= c.setenv(WORK_GROUP_VARIABLE, WORK_GROUP_METHOD, 0) == 0;
      }
      return ok;
    } catch (LinkageError | RuntimeException e) {
      return false; // no JNA: OpenCL's listing reports that itself
    }
  }
}
