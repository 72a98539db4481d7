package dev.sluice.runtime.opencl;

import com.aparapi.Kernel;
import com.aparapi.Range;
import com.aparapi.device.Device;
import com.aparapi.device.OpenCLDevice;
import com.aparapi.exception.CompileFailedException;
import com.aparapi.internal.kernel.KernelManager;
import com.aparapi.internal.kernel.KernelPreferences;
import com.aparapi.internal.kernel.KernelRunner;
import java.lang.ref.WeakReference;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * Compiles and runs Aparapi kernels on one OpenCL device, and never lets Aparapi fall back to its
 * Java thread pool: a kernel that does not compile is an error carrying the reason, and a run that
 * did not execute as OpenCL on the chosen device is an error too.
 *
 * <p>Aparapi remembers a device that failed once in the preferences of the kernel's class (its
 * fallback removes it), and from then on refuses that device to every kernel object of the class
 * ({@code AssertionError: user supplied Device incompatible}). Sluice never takes Aparapi's fallback,
 * so a failure here is reported once, as a {@link KernelException}, and the device is put back in
 * the class's preferences before each compile and launch: one failed run does not fail the next.
 */
public final class Kernels {
  private Kernels() {}

  /**
   * Held while Aparapi builds a kernel: its translation keeps models of the classes a kernel calls
   * ({@code Scheduler}, {@code JavaArithmetic}) in tables shared by every build, and two builds at once
   * in one JVM failed with a {@code ConcurrentModificationException} (four threads running pipelines
   * with one kernel kept per device, so that every run built again). Builds are rare now that a compiled
   * kernel serves every object of its pipeline class ({@link LiveKernels}).
   */
  private static final Object BUILD = new Object();

  /** Kernel objects whose {@link #compile} succeeded: only their native context is whole. */
  private static final Set<Kernel> COMPILED = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

  /**
   * Compiles {@code kernel} for {@code device} before any run; buffers are then moved explicitly
   * ({@code put} and {@code get}), and they are the driver's own on every device.
   *
   * <p>Aparapi picks each buffer's flags from the device's setting when the kernel's context is made,
   * at its first compile. Its default on a CPU device wraps the Java arrays
   * ({@code CL_MEM_USE_HOST_PTR}); such a buffer keeps the address an array had when it was made, the
   * collector moves arrays, and the kernel then read and wrote memory the heap had reused (wrong
   * results, G1 crashing: MovedArraysOpenClTest). It also let a kernel's writes appear in the Java
   * arrays without a {@code get} on PoCL only: a test that forgot its {@code get} passed there and
   * read zeros on NVIDIA's driver (SchedulerOnDeviceTest). So every buffer is
   * {@code CL_MEM_COPY_HOST_PTR}.
   */
  public static void compile(Kernel kernel, OpenCLDevice device) {
    refuseUnbuildable(kernel, device);
    device.setSharedMemory(false);
    kernel.setExplicit(true);
    allow(kernel, device);
    StringBuilder log = new StringBuilder();
    Throwable failed;
    synchronized (BUILD) {
      boolean cached = KernelRunner.BINARY_CACHING_DISABLED;
      if (!firstOfItsName(kernel.getClass())) {
        KernelRunner.BINARY_CACHING_DISABLED = true;
      }
      // Aparapi reads the class through BCEL's repository, which keeps what it read by class name:
      // read from the kernel's own class loader, not another class's of that name
      org.apache.bcel.classfile.JavaClass read = org.apache.bcel.Repository.getRepository()
          .findClass(kernel.getClass().getName());
      if (read != null) {
        org.apache.bcel.Repository.removeClass(read); // by name, it fails on a class it never read
      }
      try {
        // the OpenCL compiler writes its errors to stderr, not into Aparapi's exception: caught, they
        // go into the message too (and still to stderr)
        failed = AparapiStderr.catching(() -> {
          try {
            kernel.compile(device);
            return null;
          } catch (CompileFailedException | RuntimeException | AssertionError e) {
            return e;
          }
        }, log::append);
      } finally {
        KernelRunner.BINARY_CACHING_DISABLED = cached;
      }
    }
    if (failed != null) {
      allow(kernel, device);
      throw new KernelException("kernel " + kernel.getClass().getName() + " did not compile for "
          + OpenClDevices.describe(device) + ": " + reason(kernel.getClass(), failed.getMessage() + compilerErrors(log)),
          failed);
    }
    COMPILED.add(kernel);
  }

  /** What Aparapi says when it tries a kernel class again whose translation to OpenCL failed before. */
  static final String MARKER = "Code Gen Error Marker present";

  /** Why each kernel class's first failed build failed, while the class lives. */
  private static final Map<Class<?>, String> FAILED = Collections.synchronizedMap(new WeakHashMap<>());

  /**
   * The reason a build of {@code type} failed: {@code said}, or, where Aparapi says only that it failed
   * before ({@link #MARKER}: it keeps a failed translation per class), the reason of that first failure
   * (outside-in helper-113: every run after the first read only the marker, which names no cause).
   */
  static String reason(Class<?> type, String said) {
    if (said != null && said.contains(MARKER)) {
      String first = FAILED.get(type);
      return first == null ? said : first + " (as at its first build in this JVM; Aparapi keeps a class's failed translation)";
    }
    FAILED.putIfAbsent(type, said);
    return said;
  }

  /**
   * The first kernel class compiled under each class name in this JVM. Aparapi keeps what it reads and
   * builds by class name: the class file (BCEL's repository) and the built program (with the device,
   * {@code KernelRunner}'s binary cache). So a second class of the same name, from another class loader
   * (two versions of a pipeline in one JVM: a test harness, a notebook, a server reloading an
   * application), ran the first one's node code with its own inputs: wrong results, no error
   * (outside-in helper-27). Every build reads its own class file again, and a class that is not the
   * first of its name is built from its own OpenCL with the binary cache off; the first keeps it.
   */
  private static final Map<String, WeakReference<Class<?>>> FIRST_OF_NAME = new HashMap<>();

  /** Whether {@code type} is the first kernel class of its name built here (or still the one that was). */
  private static boolean firstOfItsName(Class<?> type) {
    WeakReference<Class<?>> first = FIRST_OF_NAME.computeIfAbsent(type.getName(), n -> new WeakReference<>(type));
    return first.get() == type;
  }

  /** The most compiler error lines a failed build's message quotes. */
  static final int ERROR_LINES = 12;

  /**
   * The lines of a build's stderr that report errors (those with clang's {@code error:}, as PoCL's and
   * NVIDIA's compilers write them), at most {@link #ERROR_LINES}, each on a line of its own; empty
   * when there are none.
   */
  static String compilerErrors(CharSequence log) {
    StringBuilder out = new StringBuilder();
    int n = 0;
    int more = 0;
    for (String line : log.toString().split("\\R")) {
      if (line.contains("error:")) {
        if (n++ < ERROR_LINES) {
          out.append("\n  ").append(line.strip());
        } else {
          more++;
        }
      }
    }
    if (more > 0) {
      out.append("\n  (").append(more).append(" more error lines on stderr)");
    }
    return out.length() == 0 ? "" : "; the OpenCL compiler said:" + out;
  }

  /** Compiled kernels that have run at least once since: only their arguments are set. */
  private static final Set<Kernel> LAUNCHED = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

  /** Whether {@link #compile} succeeded for {@code kernel}. */
  public static boolean compiled(Kernel kernel) {
    return COMPILED.contains(kernel);
  }

  /**
   * Whether Aparapi's {@code dispose} is safe on {@code kernel}: it compiled and has launched since
   * (see {@link #dispose}). The generated kernel's own {@code dispose} asks this too.
   */
  public static boolean disposable(Kernel kernel) {
    return COMPILED.contains(kernel) && LAUNCHED.contains(kernel);
  }

  /**
   * Releases the OpenCL objects of {@code kernel} if it compiled. Aparapi makes a kernel's native
   * context before it writes the OpenCL source, and sets the context's queue, program and arguments
   * only once the build succeeds; its {@code dispose} reads them all, so on a kernel that failed in
   * between it released uninitialized pointers and crashed the JVM (SIGSEGV in
   * {@code JNIContext::dispose}). Its arguments are set at the first launch: a compiled kernel that
   * never ran crashed the same way ({@code jni_DeleteWeakGlobalRef} from {@code disposeJNI}, on PoCL,
   * once another kernel of its class had run), so only kernels that ran are disposed. The OpenCL
   * driver builds no kernel for an input known to be empty; a stream that turns out empty, or a
   * first launch that failed, leaves one compiled and never run. A kernel that is not disposed
   * keeps its context, one per kernel object.
   */
  public static void dispose(Kernel kernel) {
    if (disposable(kernel)) {
      kernel.dispose();
      COMPILED.remove(kernel);
      LAUNCHED.remove(kernel);
    }
  }

  /** Runs a compiled kernel over {@code range} and checks that it really ran as OpenCL there. */
  public static void execute(Kernel kernel, Range range, OpenCLDevice device) {
    if (!compiled(kernel)) {
      // Aparapi builds a kernel at its first launch
      refuseUnbuildable(kernel, device);
    }
    allow(kernel, device);
    try {
      kernel.execute(range);
      if (COMPILED.contains(kernel)) {
        LAUNCHED.add(kernel);
      }
    } catch (RuntimeException | AssertionError e) {
      allow(kernel, device);
      throw new KernelException("kernel " + kernel.getClass().getName() + " failed on "
          + OpenClDevices.describe(device) + ": " + e, e);
    }
    if (!kernel.isRunningCL() || kernel.getTargetDevice() != device) {
      allow(kernel, device);
      throw new KernelException("kernel " + kernel.getClass().getName() + " did not run as OpenCL on "
          + OpenClDevices.describe(device) + " but on " + kernel.getTargetDevice()
          + " (Aparapi's fallback); refusing the result", null);
    }
  }

  /**
   * Refuses a build that would fail deep inside Aparapi ({@link LocalVariableTables}) or put the JVM
   * at risk (PoCL without signal chaining, {@link SignalChaining}), with what to do about it.
   */
  private static void refuseUnbuildable(Kernel kernel, OpenCLDevice device) {
    if (!LocalVariableTables.present(kernel.getClass())) {
      throw new KernelException("kernel " + kernel.getClass().getName() + " was not built for "
          + OpenClDevices.describe(device) + ": it " + LocalVariableTables.ADVICE, null);
    }
    String refusal = SignalChaining.refusal(device);
    if (refusal != null) {
      throw new KernelException("kernel " + kernel.getClass().getName() + " was not built for "
          + OpenClDevices.describe(device) + ": " + refusal, null);
    }
  }

  /** Puts {@code device} first in the preferences of {@code kernel}'s class if a failure took it out. */
  private static void allow(Kernel kernel, OpenCLDevice device) {
    KernelPreferences preferences = KernelManager.instance().getPreferences(kernel);
    if (!preferences.isDeviceAmongPreferredDevices(device)) {
      LinkedHashSet<Device> devices = new LinkedHashSet<>();
      devices.add(device);
      devices.addAll(preferences.getPreferredDevices(null));
      KernelManager.instance().setPreferredDevices(kernel, devices);
    }
  }

  /**
   * This device cannot run the pipeline: its kernel failed to compile or ran somewhere other than the
   * chosen device, its width is past the device's largest work-group, or its queues leave no room in
   * the device's memory budget ({@link DeviceMemory}). A device {@code Device.best()} chose, or one
   * with {@code orCpu()}, gives way to the CPU back end; a named one fails with the reason
   * ({@link OpenClDriver#switchToCpu}).
   */
  public static final class KernelException extends IllegalStateException {
    /** The kernel itself is sound (the device lacks room for this run): the device may keep it. */
    final boolean kernelSound;

    public KernelException(String message, Throwable cause) {
      this(message, cause, false);
    }

    private KernelException(String message, Throwable cause, boolean kernelSound) {
      super(message, cause);
      this.kernelSound = kernelSound;
    }

    /** The run's queues or one vector of its input do not fit the device's budget. */
    static KernelException noRoom(String message) {
      return new KernelException(message, null, true);
    }
  }
}
