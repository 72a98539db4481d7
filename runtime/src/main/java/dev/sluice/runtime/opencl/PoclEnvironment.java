package dev.sluice.runtime.opencl;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import dev.sluice.runtime.DivisionProbe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

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
 *   <li>{@code POCL_CACHE_DIR}, only where PoCL's own choice cannot be made: PoCL keeps built kernels in
 *       {@code $XDG_CACHE_HOME/pocl} or {@code $HOME/.cache/pocl} and reports no device at all when it
 *       cannot create that folder (a container user without a home: outside-in helper-96), which read as
 *       "no OpenCL driver installed". There Sluice points it at a folder of its own under
 *       {@code java.io.tmpdir} (where a PoCL ICD is registered) and says so in the device line ({@link #notes()}).
 * </ul>
 */
final class PoclEnvironment {
  static final String WORK_GROUP_VARIABLE = "POCL_WORK_GROUP_METHOD";
  static final String WORK_GROUP_METHOD = "loops";
  static final String CACHE_VARIABLE = "POCL_CACHE_DIR";

  /** What the device line says about the settings chosen here; empty when there is nothing to say. */
  private static volatile String cacheNote;

  /** The C library's {@code setenv}, as JNA calls it. */
  interface C extends Library {
    int setenv(String name, String value, int overwrite);

    int getuid();
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
      if (System.getenv(CACHE_VARIABLE) == null && poclInstalled()) {
        ok &= chooseCache(c);
      }
      return ok;
    } catch (LinkageError | RuntimeException e) {
      return false; // no JNA: OpenCL's listing reports that itself
    }
  }

  /** Points PoCL's cache at a folder of Sluice's where PoCL's default one cannot be created. */
  private static boolean chooseCache(C c) {
    Path wanted = defaultCache(System.getenv("XDG_CACHE_HOME"), System.getenv("HOME"));
    if (creatable(wanted)) {
      return true;
    }
    int uid = c.getuid();
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    Path own = keptFolder(tmp, uid);
    if (own == null) {
      try {
        own = Files.createTempDirectory(tmp, "sluice-pocl-cache-");
      } catch (IOException | RuntimeException e) {
        cacheNote = "PoCL's kernel cache " + wanted + " cannot be created, nor a folder in " + tmp + " (" + e
            + "): PoCL reports no device then; set " + CACHE_VARIABLE + " to a writable folder";
        return false;
      }
    }
    cacheNote = "PoCL's kernel cache " + wanted + " cannot be created, so Sluice set " + CACHE_VARIABLE + "=" + own
        + " for this process; set " + CACHE_VARIABLE + " to a writable folder to keep built kernels between runs";
    return c.setenv(CACHE_VARIABLE, own.toString(), 0) == 0;
  }

  /**
   * The folder kept between runs, {@code tmp/sluice-pocl-cache-<uid>} (by number: a container user may
   * have no name, {@code user.name} "?"), made if missing; null where that name is something else. PoCL
   * uses {@code POCL_CACHE_DIR} only if it exists, and the kernels in it run in this process, so the
   * folder is kept only if this user owns it, no one else may read or write it, and it is no link
   * another user could point elsewhere.
   */
  private static Path keptFolder(Path tmp, int uid) {
    Path own = tmp.resolve("sluice-pocl-cache-" + uid);
    try {
      if (!Files.exists(own, LinkOption.NOFOLLOW_LINKS)) {
        Files.createDirectory(own, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
      }
      return ownedHere(own, uid) ? own : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static final java.util.Set<java.nio.file.attribute.PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rwx------");

  /** Whether {@code dir} is a folder (not a link) of user {@code uid} that no one else may write to or read. */
  private static boolean ownedHere(Path dir, int uid) {
    try {
      return Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)
          && ((Number) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS)).intValue() == uid
          && Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS).equals(OWNER_ONLY);
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /**
   * Whether an ICD file of PoCL's is registered ({@code OCL_ICD_VENDORS}, a folder or one file, else
   * {@code /etc/OpenCL/vendors}): only then is PoCL's cache Sluice's business.
   */
  static boolean poclInstalled() {
    String vendors = System.getenv("OCL_ICD_VENDORS");
    Path where = Path.of(vendors != null && !vendors.isEmpty() ? vendors : "/etc/OpenCL/vendors");
    if (!Files.isDirectory(where)) {
      return where.getFileName() != null && where.getFileName().toString().toLowerCase(java.util.Locale.ROOT).contains("pocl");
    }
    try (java.util.stream.Stream<Path> files = Files.list(where)) {
      return files.anyMatch(f -> f.getFileName().toString().toLowerCase(java.util.Locale.ROOT).contains("pocl"));
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** Where PoCL 3 keeps built kernels when {@code POCL_CACHE_DIR} is not set. */
  static Path defaultCache(String xdgCacheHome, String home) {
    if (xdgCacheHome != null && !xdgCacheHome.isEmpty()) {
      return Path.of(xdgCacheHome, "pocl", "kcache");
    }
    return home != null ? Path.of(home, ".cache", "pocl", "kcache") : Path.of("/tmp", "pocl", "kcache");
  }

  /** Whether {@code dir} exists writable, or its nearest existing ancestor is a writable folder. */
  static boolean creatable(Path dir) {
    Path p = dir.toAbsolutePath();
    while (p != null && !Files.exists(p)) {
      p = p.getParent();
    }
    return p != null && Files.isDirectory(p) && Files.isWritable(p);
  }

  /** The device line's notes on what was chosen here (see the class comment). */
  static java.util.List<String> notes() {
    String note = cacheNote;
    return note == null ? java.util.List.of() : java.util.List.of(note);
  }
}
