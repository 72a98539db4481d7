package dev.sluice.runtime;

/**
 * Checks that Java's integer division by zero still throws after OpenCL has started in this JVM.
 *
 * <p>PoCL (OpenCL on the CPU) installs its own {@code SIGFPE} handler when its devices initialise,
 * unless the environment has {@code POCL_SIGFPE_HANDLER=0}. The JVM turns the processor's divide
 * trap into {@link ArithmeticException} through that same signal, so once PoCL's handler replaces
 * the JVM's, {@code x / 0} in Java returns garbage instead of throwing: silently wrong results on the
 * CPU back end, and in any other code of the JVM. {@code opencl.OpenClDevices} runs {@link #probe()} right
 * after it first lists the devices; when the division no longer throws, one error line is logged and
 * every run on the CPU back end in this JVM fails with {@link #failure()} instead of computing.
 *
 * <p>What the probe sees: the divisor is read from a volatile field, so neither javac nor the JIT can
 * fold the division, and the probing method runs a handful of times in all, so it runs in the
 * interpreter, whose {@code idiv} relies on the hardware trap and the signal exactly like the code
 * C1 compiles. What it cannot see: code that C2 compiled with an explicit zero test (that still
 * throws, so it is not at risk); and a {@code SIGFPE} handler installed after the probe, by OpenCL
 * initialised outside Sluice or by another native library.
 *
 * <p><b>Internal</b>, for the back ends and the generated code (public across their packages); not
 * an API, and it may change in any release.
 */
public final class DivisionProbe {
  /** The environment variable that keeps PoCL's handler out. */
  public static final String POCL_VARIABLE = "POCL_SIGFPE_HANDLER";

  private static final System.Logger LOG = System.getLogger(dev.sluice.runtime.DeviceLine.LOGGER);

  private static volatile int zero;
  private static volatile int sink;
  private static volatile String failure;

  private DivisionProbe() {}

  /**
   * Divides by zero once; when that does not throw, remembers the failure and logs it (once per
   * JVM). Returns whether division by zero still throws.
   */
  public static synchronized boolean probe() {
    if (failure != null) {
      return false;
    }
    if (divisionThrows()) {
      return true;
    }
    failure = "integer division by zero no longer throws ArithmeticException in this JVM: a native OpenCL "
        + "library (PoCL) replaced the JVM's SIGFPE handler when its devices started, so x / 0 in Java returns "
        + "garbage; the CPU back end refuses to run. Fix: start the JVM with " + POCL_VARIABLE
        + "=0 in its environment (or with LD_PRELOAD=$JAVA_HOME/lib/libjsig.so, which chains the handlers)";
    LOG.log(System.Logger.Level.ERROR, "Sluice: " + failure);
    return false;
  }

  /** Why the CPU back end cannot be trusted in this JVM, or null when the probe found nothing wrong. */
  public static String failure() {
    return failure;
  }

  private static boolean divisionThrows() {
    try {
      sink = 7 / zero;
      return false;
    } catch (ArithmeticException expected) {
      return true;
    }
  }
}
