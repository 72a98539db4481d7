package dev.sluice.runtime.opencl;

import com.aparapi.device.OpenCLDevice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Refuses to build a kernel with PoCL unless the JVM chains native signal handlers behind its own
 * (HotSpot's {@code libjsig}, preloaded).
 *
 * <p>Why: PoCL compiles each kernel with clang and LLVM inside this process. Every build registers
 * the build's temporary files with LLVM's "remove on signal" list ({@code llvm::sys::RemoveFileOnSignal}),
 * and that installs LLVM's handler for {@code SIGSEGV}, {@code SIGBUS}, {@code SIGFPE}, {@code SIGILL},
 * {@code SIGUSR2} and the termination signals, over the JVM's, with {@code SA_RESETHAND}. HotSpot
 * raises {@code SIGSEGV} on purpose all the time: safepoint polls and implicit null checks. The first
 * such signal after a build reaches LLVM's handler, which puts the JVM's handlers back and returns,
 * and the JVM then handles the repeated fault. But when two threads fault at once (every running
 * Java thread hits an armed safepoint poll together), the second finds the default action that
 * {@code SA_RESETHAND} left behind, and the whole JVM dies with "Segmentation fault" and no error
 * report. With {@code libjsig} preloaded, the JVM's handlers stay in place and LLVM's are only
 * chained behind them. What was observed: {@code -Xcheck:jni} reports "SIGSEGV handler modified" and
 * names {@code libLLVM} after one build; a test JVM then died that way in a later, CPU-only test.
 *
 * <p>The check runs only where it can see: on Linux, where {@code /proc/self/maps} lists the mapped
 * libraries. Other drivers that compile with an in-process LLVM may do the same; only PoCL is known
 * to, so only PoCL is refused.
 */
public final class SignalChaining {
  /** What the user adds to the JVM's environment. */
  public static final String FIX = "LD_PRELOAD=$JAVA_HOME/lib/libjsig.so";

  /** {@link #FIX} for this JVM, with its own home. */
  public static String fixHere() {
    return "LD_PRELOAD=" + Path.of(System.getProperty("java.home"), "lib", "libjsig.so");
  }

  private static final Path MAPS = Path.of("/proc/self/maps");

  private static volatile Boolean chained;

  private SignalChaining() {}

  /**
   * Why {@code device} must not build a kernel in this JVM, or null when it may: its driver is PoCL,
   * this is Linux, and {@code libjsig} is not loaded.
   */
  public static String refusal(OpenCLDevice device) {
    if (!isPocl(device) || chained()) {
      return null;
    }
    return "PoCL builds kernels with LLVM inside this JVM, and each build replaces the JVM's SIGSEGV, SIGBUS, "
        + "SIGFPE and SIGILL handlers with LLVM's, which can kill the JVM (\"Segmentation fault\", no error report) "
        + "at the next safepoint; start the JVM with " + fixHere() + " in its environment (HotSpot's signal chaining keeps "
        + "its own handlers first), see docs/gpu-backend.md#pocl-and-signal-handlers";
  }

  /** Whether HotSpot's signal-chaining library is loaded, or the loaded libraries cannot be seen. */
  public static boolean chained() {
    Boolean c = chained;
    if (c == null) {
      c = readChained();
      chained = c;
    }
    return c;
  }

  private static boolean readChained() {
    if (!Files.isReadable(MAPS)) {
      return true;
    }
    try (Stream<String> lines = Files.lines(MAPS)) {
      return lines.anyMatch(l -> l.endsWith("/libjsig.so"));
    } catch (IOException | java.io.UncheckedIOException e) {
      return true;
    }
  }

  static boolean isPocl(OpenCLDevice device) {
    String vendor = device.getOpenCLPlatform().getVendor().toLowerCase(Locale.ROOT);
    String name = device.getOpenCLPlatform().getName().toLowerCase(Locale.ROOT);
    return vendor.contains("pocl") || name.contains("portable computing language");
  }
}
