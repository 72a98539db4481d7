package dev.sluice.runtime.opencl;

import com.aparapi.Config;
import java.util.logging.Filter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps Aparapi's one confusing log record from reaching the user, without hiding anything else.
 *
 * <p>When its native library does not load (no {@code libOpenCL.so}, or no writable temporary folder
 * to unpack into), Aparapi logs {@code SEVERE: Check your environment...} through
 * {@code java.util.logging} and carries on without OpenCL. Sluice says the same thing in its device
 * line (see {@link dev.sluice.runtime.Device#best()}) through {@link OpenClDevices#unavailableReason()},
 * with what to install, so that record is held back here. Every other Aparapi
 * record passes as before. {@code -Dsluice.aparapi.log=all} lets that record through too.
 *
 * <p>Not reachable from Java: Aparapi's native library prints {@code WARNING: Aparapi is running on
 * an untested OpenCL platform version} straight to the process's stderr, once per JVM, for platforms
 * newer than OpenCL 2.1 (PoCL reports 3.0); the device line explains that line instead.
 */
final class AparapiLog {
  /** {@code all}: leave Aparapi's log records alone. */
  static final String PROPERTY = "sluice.aparapi.log";

  /** The class whose SEVERE record is held back: the one that loads Aparapi's native library. */
  private static final String LOADER = "com.aparapi.internal.opencl.OpenCLLoader";

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
    logger.setFilter(r -> {
      if (r.getLevel() == Level.SEVERE && LOADER.equals(r.getSourceClassName())) {
        return false;
      }
      return previous == null || previous.isLoggable(r);
    });
  }
}
