package dev.sluice.runtime.opencl;

import com.aparapi.device.OpenCLDevice;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The compiled pipeline kernels each OpenCL device keeps, shared by the objects of a pipeline class:
 * a run borrows an idle kernel of its pipeline's class built for its device, or makes one, and gives
 * it back when it ends.
 *
 * <p>Aparapi gives every kernel object a native context of its own, made at its first build and kept
 * until the kernel is disposed. With PoCL a context costs little and a build is cached on disk. With
 * NVIDIA's driver each context is a CUDA context and every build compiles the OpenCL again: on an H200
 * (driver 580.159.04) a kernel per pipeline object made the fan-in and region tests, which build a
 * pipeline object per run, take more than 45 s each (10 s and 8 s on PoCL with 2 cores), the main thread
 * inside {@code clBuildProgram} or the release of an older context. So a kernel belongs to no pipeline
 * object: one built for a class serves any object of that class, one run at a time, and reads that
 * object's node factories and {@code @Param} values at the start of the run ({@link DeviceProgram#bind}).
 *
 * <p>A device keeps at most {@link #limit} kernels (each holds a driver context: NVIDIA's driver refused
 * new ones after a few dozen, {@code clCreateContextFromType() failed out of host memory}); making one
 * more releases the least recently used idle one. A released kernel's class builds again at its next
 * run, which copies every {@code @Param} array to the device again ({@link DeviceProgram#forgetDeviceCopies}).
 * A pipeline's {@code close()} releases its class's idle kernels at once ({@link #release}).
 */
public final class LiveKernels {
  /** System property: the compiled pipeline kernels one OpenCL device keeps (at least 1). */
  public static final String PROPERTY = "sluice.opencl.kernels";

  /** Kernels a GPU or accelerator keeps unless {@value #PROPERTY} says otherwise: each holds a driver context. */
  static final int GPU_LIMIT = 4;

  /** Kernels a CPU device (PoCL) keeps: its contexts are cheap and its builds slow (seconds each). */
  static final int CPU_LIMIT = 64;

  /** Where a kernel belongs: the device it was built for and the pipeline class whose runs it serves. */
  private record Home(OpenCLDevice device, Class<?> pipelineClass) {}

  /** Every kept kernel in order of use, least recent first. */
  private static final LinkedHashMap<DeviceProgram, Home> LIVE = new LinkedHashMap<>(16, 0.75f, true);

  /** Kernels lent to a run now. */
  private static final Set<DeviceProgram> RUNNING = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

  private LiveKernels() {}

  /** A kernel lent to one run, and whether the device holds none of its data from an earlier run. */
  record Loan(DeviceProgram program, boolean fresh) {}

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
   * Lends a kernel of {@code pipeline}'s class (the class of {@code lookup}) on {@code device} to one run,
   * bound to {@code pipeline}: an idle one the device keeps, else a new one (not yet compiled). When the
   * run will build it ({@code willBuild}: its input is not known to be empty) and it holds no context
   * yet, the least recently used idle kernels of the device that hold one are released beyond its
   * {@link #limit}; a run of an empty input builds nothing and releases nothing.
   */
  static Loan borrow(MethodHandles.Lookup lookup, Object pipeline, OpenCLDevice device, boolean willBuild) {
    int limit = limit(device);
    Home home = new Home(device, lookup.lookupClass());
    DeviceProgram program = null;
    synchronized (LiveKernels.class) {
      for (Map.Entry<DeviceProgram, Home> e : LIVE.entrySet()) {
        if (e.getValue().equals(home) && !RUNNING.contains(e.getKey())) {
          program = e.getKey();
          break;
        }
      }
      if (program != null) {
        LIVE.get(program); // most recently used now
        RUNNING.add(program);
      }
    }
    boolean made = program == null;
    if (made) {
      program = ProgramLoader.load(lookup, pipeline);
      synchronized (LiveKernels.class) {
        LIVE.put(program, home);
        RUNNING.add(program);
      }
    } else {
      program.bind(pipeline);
    }
    // the device holds none of its data: made now, or kept from a run of an empty input
    boolean fresh = !Kernels.compiled(program.kernel());
    if (willBuild && fresh) {
      List<DeviceProgram> released = new ArrayList<>();
      synchronized (LiveKernels.class) {
        // the kernels of the device that hold a driver context, and this one, which is about to
        List<DeviceProgram> holding = new ArrayList<>();
        for (Map.Entry<DeviceProgram, Home> e : LIVE.entrySet()) {
          if (e.getValue().device() == device && (e.getKey() == program || Kernels.compiled(e.getKey().kernel()))) {
            holding.add(e.getKey());
          }
        }
        for (DeviceProgram old : toRelease(holding, RUNNING::contains, limit)) {
          LIVE.remove(old);
          released.add(old);
        }
      }
      released.forEach(LiveKernels::dispose);
    }
    return new Loan(program, fresh);
  }

  /**
   * Which of one device's kernels to release, given them least recently used first: the oldest idle
   * ones, until at most {@code limit} are left. A running kernel stays, so a device may briefly hold
   * more than its limit while runs are in progress.
   */
  static <K> List<K> toRelease(List<K> leastRecentFirst, Predicate<K> running, int limit) {
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

  /** Ends the run {@code program} was lent to; it stays compiled, bound to no pipeline object. */
  static void giveBack(DeviceProgram program) {
    program.bind(null);
    synchronized (LiveKernels.class) {
      RUNNING.remove(program);
    }
  }

  /**
   * Ends the run {@code program} was lent to and releases it: it failed, and Aparapi's state for a
   * kernel object that failed is not trusted again.
   */
  static void drop(DeviceProgram program) {
    program.bind(null);
    synchronized (LiveKernels.class) {
      RUNNING.remove(program);
      LIVE.remove(program);
    }
    dispose(program);
  }

  /**
   * Releases the idle kernels of {@code pipelineClass} on every device now (a pipeline's
   * {@code close()}); the class's next run builds one again. A kernel lent to a run stays kept, and so
   * does one that was built and never launched (a stream that turned out empty): Aparapi cannot free
   * its context safely ({@link Kernels#dispose}), so letting it go would lose its context for good at
   * every such close (outside-in: 1.2 MB more at each cycle of build, empty stream, close); kept, the
   * class's next run uses it.
   */
  public static void release(Class<?> pipelineClass) {
    List<DeviceProgram> released = new ArrayList<>();
    synchronized (LiveKernels.class) {
      LIVE.entrySet().removeIf(e -> {
        boolean idle = e.getValue().pipelineClass() == pipelineClass && !RUNNING.contains(e.getKey())
            && (!Kernels.compiled(e.getKey().kernel()) || Kernels.disposable(e.getKey().kernel()));
        if (idle) {
          released.add(e.getKey());
        }
        return idle;
      });
    }
    released.forEach(LiveKernels::dispose);
  }

  /** Pipeline kernels {@code device} keeps (holds a context for) now. */
  public static synchronized int held(OpenCLDevice device) {
    int n = 0;
    for (Home h : LIVE.values()) {
      n += h.device() == device ? 1 : 0;
    }
    return n;
  }

  /** Pipeline kernels of {@code pipelineClass} that {@code device} keeps now. */
  public static synchronized int held(OpenCLDevice device, Class<?> pipelineClass) {
    int n = 0;
    for (Home h : LIVE.values()) {
      n += h.device() == device && h.pipelineClass() == pipelineClass ? 1 : 0;
    }
    return n;
  }

  /** The kernels of {@code pipelineClass} that {@code device} keeps now (for tests that look into one). */
  public static synchronized List<com.aparapi.Kernel> kernels(OpenCLDevice device, Class<?> pipelineClass) {
    List<com.aparapi.Kernel> out = new ArrayList<>();
    LIVE.forEach((program, h) -> {
      if (h.device() == device && h.pipelineClass() == pipelineClass) {
        out.add(program.kernel());
      }
    });
    return out;
  }

  private static void dispose(DeviceProgram program) {
    Kernels.dispose(program.kernel());
  }
}
