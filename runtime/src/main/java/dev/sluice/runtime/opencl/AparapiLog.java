package dev.sluice.runtime.opencl;

import com.aparapi.Config;
import java.util.logging.Filter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Pattern;

/**
 * Keeps Aparapi's confusing log records from reaching the user, without hiding anything else.
 *
 * <p>When its native library does not load (no {@code libOpenCL.so}, or no writable temporary folder
 * to unpack into), Aparapi logs {@code SEVERE: Check your environment...} through
 * {@code java.util.logging} and carries on without OpenCL. Sluice says the same thing in its device
 * line (see {@link dev.sluice.runtime.Device#best()}) through {@link OpenClDevices#unavailableReason()},
 * with what to install, so that record is held back here.
 *
 * <p>When a kernel runs, Aparapi reads the kernel's class file and logs {@code WARNING: Found
 * unexpected Attribute (name = NestMembers)} for each class-file attribute newer than its reader
 * (Java 11's {@code NestHost} and {@code NestMembers}, Java 16's {@code Record}, Java 17's
 * {@code PermittedSubclasses}), and Java 8's {@code MethodParameters}, which {@code javac -parameters}
 * writes and Gradle builds want (docs/ide.md); every generated kernel class with a nested class has one. Sluice
 * writes the kernel's OpenCL itself and Aparapi skips those attributes, so these records are held
 * back too; an attribute with any other name still gets through.
 *
 * <p>Every other Aparapi record passes as before. {@code -Dsluice.aparapi.log=all} lets these
 * through too.
 *
 * <p>Not a log record: Aparapi's native library prints {@code WARNING: Aparapi is running on an
 * untested OpenCL platform version} straight to the process's stderr; {@link AparapiStderr} holds
 * that line back, and the same property lets it through.
 */
final class AparapiLog {
  /** {@code all}: leave Aparapi's log records alone. */
  static final String PROPERTY = "sluice.aparapi.log";

  /** The class whose SEVERE record is held back: the one that loads Aparapi's native library. */
  private static final String LOADER = "com.aparapi.internal.opencl.OpenCLLoader";

  /** The class that reads class-file attributes, and what it says of one it does not know. */
  private static final String ATTRIBUTES = "com.aparapi.internal.model.ClassModel$AttributePool";

  /** The attributes newer than Aparapi's class reader, which it skips (see the class comment). */
  private static final Pattern NEWER_ATTRIBUTE =
      Pattern.compile("Found unexpected Attribute \\(name = (NestHost|NestMembers|Record|PermittedSubclasses|MethodParameters)\\)");

  /** Held so the logger, and the filter on it, are not collected. */
  private static Logger logger;

  private AparapiLog() {}

  /**
   * Loads Aparapi's configuration without its side effect on the console, and installs the filter
   * before Aparapi's first log record; idempotent.
   */
  static synchronized void quiet() {
    if (logger != null) {
      return;
    }
    // Aparapi's Config sets every root handler to its own level (WARNING unless com.aparapi.logLevel
    // says otherwise) as it loads, which would silence the INFO records of the whole JVM, Sluice's
    // device line among them; its own logger keeps that level, the root handlers get theirs back
    Handler[] root = Logger.getLogger("").getHandlers();
    Level[] levels = new Level[root.length];
    for (int i = 0; i < root.length; i++) {
      levels[i] = root[i].getLevel();
    }
    logger = Logger.getLogger(Config.getLoggerName());
    for (int i = 0; i < root.length; i++) {
      root[i].setLevel(levels[i]);
    }
    if ("all".equalsIgnoreCase(System.getProperty(PROPERTY, "").trim())) {
      return;
    }
    Filter previous = logger.getFilter();
    logger.setFilter(r -> !heldBack(r) && (previous == null || previous.isLoggable(r)));
  }

  /** Whether {@code r} is one of the records that this class keeps from the user. */
  static boolean heldBack(LogRecord r) {
    if (r.getLevel() == Level.SEVERE && LOADER.equals(r.getSourceClassName())) {
      return true;
    }
    return r.getLevel() == Level.WARNING && ATTRIBUTES.equals(r.getSourceClassName()) && r.getMessage() != null
        && NEWER_ATTRIBUTE.matcher(r.getMessage()).matches();
  }
}
