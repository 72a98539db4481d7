package dev.sluice.runtime.opencl;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;

/**
 * PoCL (OpenCL on the CPU) runs a work-group as loops over its work-items, and by default
 * ({@code loopvec}) vectorizes those loops. PoCL 3.1 (Debian 12's) miscompiles a loop whose exit
 * depends on the work-item's data and is taken through a flag, which is how the kernel writes every
 * {@code break}: {@code for (m = 0; !stop; ...) { if (m > (x & 31)) stop = true; ... }} left a
 * sixteenth of the work-items one iteration late (x & 31 of 14 or 30), in a plain Aparapi kernel too;
 * the same loop as {@code while (m <= (x & 31))} was right, and so was every other work-group method
 * ({@code loops}, {@code cbs}, {@code repl}). So, before OpenCL starts in this process, Sluice sets
 * {@code POCL_WORK_GROUP_METHOD=loops} (the same loops, not vectorized) unless the environment
 * already names a method; other drivers ignore the variable. PoCL reads it when its devices start,
 * so it has no effect where OpenCL was started before Sluice's first device listing.
 */
final class PoclWorkGroups {
  static final String VARIABLE = "POCL_WORK_GROUP_METHOD";
  static final String METHOD = "loops";

  /** The C library's {@code setenv}, as JNA calls it. */
  interface C extends Library {
    int setenv(String name, String value, int overwrite);
  }

  private PoclWorkGroups() {}

  /** Sets the variable for this process unless it is set; false where the C library could not be called. */
  static boolean choose() {
    if (Platform.isWindows() || System.getenv(VARIABLE) != null) {
      return false;
    }
    try {
      return Native.load(Platform.C_LIBRARY_NAME, C.class).setenv(VARIABLE, METHOD, 0) == 0;
    } catch (LinkageError | RuntimeException e) {
      return false; // no JNA: OpenCL's listing reports that itself
    }
  }
}
