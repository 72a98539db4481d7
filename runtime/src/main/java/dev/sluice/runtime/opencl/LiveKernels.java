package dev.sluice.runtime.opencl;

import com.aparapi.device.OpenCLDevice;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pipeline kernels that hold an OpenCL context now, and how many of them one device may keep.
 *
 * <p>Aparapi gives every kernel object a native context of its own, made at its first build and kept
 * until the kernel is disposed, and a pipeline object keeps its kernel between runs so that it is
 * built once. With PoCL a context costs little. With NVIDIA's driver each is a CUDA context, and a
 * process that kept every pipeline's kernel was refused new ones: on an H200 (driver 580.159.04, 125
 * GiB of host memory) the OpenCL test suite, one JVM, got {@code clCreateContextFromType() failed
 * out of host memory} from its second test class on, and every later kernel failed to build.
 *
 * <p>So each run takes its program's kernel from here ({@link #take}): a device keeps at most
 * {@link #limit} compiled pipeline kernels, and taking one more releases the least recently used
 * kernel that is not running. Its pipeline builds it again at its next run, which then copies every
 * {@code @Param} array to the device again ({@link DeviceProgram#forgetDeviceCopies}). A pipeline's
 * {@code close()} releases its kernel at once ({@link #release}).
 */
public final class LiveKernels {
  /** System property: the compiled pipeline kernels one OpenCL device keeps (at least 1). */
  public static final String PROPERTY = "sluice.opencl.kernels";

  /** Kernels a GPU or accelerator keeps unless {@value #PROPERTY} says otherwise: each holds a driver context. */
  static final int GPU_LIMIT = 4;

  /** Kernels a CPU device (PoCL) keeps: its contexts are cheap and its builds slow (seconds each). */
  static final int CPU_LIMIT = 64;

  /** Live kernels in order of use, least recent first, with the device each was built for. */
  private static final LinkedHashMap<DeviceProgram, OpenCLDevice> LIVE = new LinkedHashMap<>(16, 0.75f, true);

  /** Runs in progress per program (a pipeline runs one at a time, but nothing here relies on that). */
  private static final Map<DeviceProgram, Integer> RUNNING = new IdentityHashMap<>();

  private LiveKernels() {}

  /** The compiled pipeline kernels {@code device} keeps: {@value #PROPERTY}, else by the device's type. */
  public static int limit(OpenCLDevice device) {
    String set = System.getProperty(PROPERTY);
    if (set != null && !set.isBlank()) {
      try {
        int n = Integer.parseInt(set.trim());
        if (n >= 1) {
          return n;
        }
      } catch (NumberFormatException e) {
        // the message below
      }
      throw new IllegalArgumentException(PROPERTY + " must be a count of kernels >= 1, not '" + set + "'");
    }
    return device.getType() == com.aparapi.device.Device.TYPE.CPU ? CPU_LIMIT : GPU_LIMIT;
  }

  /**
   * Marks {@code program} running on {@code device}, releasing the least recently used idle kernels
   * of that device beyond its {@link #limit}. Returns true when the program's kernel has no context
   * from an earlier run (its first run, or it was released since): the device holds none of its data.
   */
  static synchronized boolean take(DeviceProgram program, OpenCLDevice device) {
    int limit = limit(device);
    RUNNING.merge(program, 1, Integer::sum);
    boolean fresh = LIVE.put(program, device) == null;
    if (fresh) {
      List<DeviceProgram> same = new ArrayList<>();
      for (Map.Entry<DeviceProgram, OpenCLDevice> e : LIVE.entrySet()) {
        if (e.getValue() == device) {
          same.add(e.getKey());
        }
      }
      for (DeviceProgram old : toRelease(same, RUNNING::containsKey, limit)) {
        LIVE.remove(old);
        Kernels.dispose(old.kernel());
      }
    }
    return fresh;
  }

  /**
   * Which of one device's kernels to release, given them least recently used first: the oldest idle
   * ones, until at most {@code limit} are left. A running kernel stays, so a device may briefly hold
   * more than its limit while runs are in progress.
   */
  static <K> List<K> toRelease(List<K> leastRecentFirst, java.util.function.Predicate<K> running, int limit) {
    List<K> out = new ArrayList<>();
    int left = leastRecentFirst.size();
    for (int i = 0; i < leastRecentFirst.size() && left > limit; i++) {
      K k = leastRecentFirst.get(i);
      if (!running.test(k)) {
        out.add(k);
        left--;
      }
    }
    return out;
  }

  /** Ends a run that {@link #take} began. */
  static synchronized void done(DeviceProgram program) {
    RUNNING.computeIfPresent(program, (p, n) -> n == 1 ? null : n - 1);
  }

  /** Forgets {@code program} without disposing it: its kernel failed, and its pipeline drops it. */
  static synchronized void forget(DeviceProgram program) {
    LIVE.remove(program);
  }

  /** Releases {@code program}'s kernel now (a pipeline's {@code close()}); its next run builds it again. */
  public static synchronized void release(DeviceProgram program) {
    if (RUNNING.containsKey(program)) {
      throw new IllegalStateException("the pipeline's kernel is running: close it after the run");
    }
    if (LIVE.remove(program) != null) {
      Kernels.dispose(program.kernel());
    }
  }

  /** Pipeline kernels {@code device} holds a context for now. */
  public static synchronized int held(OpenCLDevice device) {
    int n = 0;
    for (OpenCLDevice d : LIVE.values()) {
      n += d == device ? 1 : 0;
    }
    return n;
  }
}
