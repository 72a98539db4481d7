package dev.sluice.runtime;

import com.aparapi.device.OpenCLDevice;
import dev.sluice.runtime.opencl.DeviceMemory;
import dev.sluice.runtime.opencl.OpenClDevices;
import java.util.List;
import java.util.Locale;

/**
 * Where a pipeline runs: the JVM (the CPU back end, one pipeline instance per core) or an OpenCL
 * device (one fused kernel, one pipeline instance per work-group). {@link #best()} picks the fastest
 * device present: an OpenCL GPU or accelerator, else the JVM. An OpenCL device on the CPU (such as
 * PoCL) runs the same pipeline 2x to 10x slower than the CPU back end on the same cores, so it is used
 * only when named. The system property {@code sluice.device} or the environment
 * variable {@code SLUICE_DEVICE} forces one: {@code cpu}/{@code jvm}, {@code opencl} (the first
 * OpenCL device, GPUs first), {@code gpu} (an OpenCL GPU), or {@code opencl:N} (device N of
 * {@link OpenClDevices#list()}).
 */
public final class Device {
  /** Kinds of device, one driver each. */
  public enum Kind { JVM, OPENCL }

  public static final String PROPERTY = "sluice.device";
  public static final String ENVIRONMENT = "SLUICE_DEVICE";

  private final Kind kind;
  private final String name;
  private final int parallelism;
  private final OpenCLDevice openCl;
  private final boolean automatic;
  private final DeviceMemory memory;
  private final boolean scheduled;

  private Device(Kind kind, String name, int parallelism, OpenCLDevice openCl, boolean automatic,
      DeviceMemory memory) {
    this(kind, name, parallelism, openCl, automatic, memory, false);
  }

  private Device(Kind kind, String name, int parallelism, OpenCLDevice openCl, boolean automatic,
      DeviceMemory memory, boolean scheduled) {
    this.scheduled = scheduled;
    this.kind = kind;
    this.name = name;
    this.parallelism = parallelism;
    this.openCl = openCl;
    this.automatic = automatic;
    this.memory = memory;
  }

  /**
   * The CPU back end with one pipeline instance per available core, each run by the generated direct
   * executor: every push calls its consumer at once (a depth-first schedule of the protocol, see
   * docs/architecture.md), with no queues between nodes.
   */
  public static Device cpu() {
    return cpu(false);
  }

  /**
   * The CPU back end with each instance run by the queued {@code Scheduler}: the scheduling protocol
   * itself (firings, runs of up to {@code width} items, signal credit, flushes, parent buffers), as
   * the OpenCL kernel runs it. Same results as {@link #cpu()}; its run report has firings, vector
   * fill, flushes and blocks, which the direct executor has not.
   */
  public static Device cpuScheduled() {
    Device cpu = cpu(false);
    return new Device(Kind.JVM, cpu.name.replace(", " + DIRECT + ")", ", " + SCHEDULED + ")"), cpu.parallelism,
        null, false, null, true);
  }

  private static final String DIRECT = "direct calls";
  private static final String SCHEDULED = "scheduled";

  /** How the CPU back end runs an instance ({@code direct calls} or {@code scheduled}); its name says it too. */
  public String cpuExecutor() {
    return scheduled ? SCHEDULED : DIRECT;
  }

  private static Device cpu(boolean automatic) {
    int cores = Runtime.getRuntime().availableProcessors();
    return new Device(Kind.JVM, "JVM (" + cores + " cores, " + System.getProperty("java.vm.name")
        + " " + System.getProperty("java.version") + ", " + DIRECT + ")", cores, null, automatic, null);
  }

  /**
   * The CPU back end standing in for {@code instead}, which could not run a pipeline; the name says
   * so, and so does every run report.
   */
  public static Device cpuInsteadOf(Device instead, String reason) {
    Device cpu = cpu(false);
    return new Device(Kind.JVM, cpu.name + ", instead of " + instead.name + " (" + reason + ")", cpu.parallelism,
        null, false, null);
  }

  /** The first OpenCL device, GPUs first; an error naming the reason when there is none. */
  public static Device opencl() {
    List<OpenCLDevice> all = OpenClDevices.list();
    if (all.isEmpty()) {
      throw new IllegalStateException("no OpenCL device: " + OpenClDevices.unavailableReason());
    }
    return opencl(all.get(0), false);
  }

  /** OpenCL device {@code index} of {@link OpenClDevices#list()}. */
  public static Device opencl(int index) {
    List<OpenCLDevice> all = OpenClDevices.list();
    if (index < 0 || index >= all.size()) {
      throw new IllegalArgumentException("no OpenCL device " + index + "; this machine has "
          + (all.isEmpty() ? "none (" + OpenClDevices.unavailableReason() + ")" : describeAll(all)));
    }
    return opencl(all.get(index), false);
  }

  /** The first OpenCL GPU; an error when there is none. */
  public static Device gpu() {
    for (OpenCLDevice d : OpenClDevices.list()) {
      if (d.getType() == com.aparapi.device.Device.TYPE.GPU) {
        return opencl(d, false);
      }
    }
    List<OpenCLDevice> all = OpenClDevices.list();
    throw new IllegalStateException("no OpenCL GPU; this machine has "
        + (all.isEmpty() ? "no OpenCL device (" + OpenClDevices.unavailableReason() + ")" : describeAll(all)));
  }

  private static Device opencl(OpenCLDevice d, boolean automatic) {
    boolean gpu = d.getType() == com.aparapi.device.Device.TYPE.GPU;
    // work-groups are pipeline instances: a few per compute unit on a GPU hides memory latency
    int groups = Math.max(1, d.getMaxComputeUnits() * (gpu ? 4 : 1));
    return new Device(Kind.OPENCL, "OpenCL " + OpenClDevices.describe(d), groups, d, automatic,
        DeviceMemory.of(d));
  }

  /**
   * This OpenCL device with its memory used as {@code memory} says (a model or budget other than
   * the one detected or set by {@link DeviceMemory#PROPERTY}); a kernel keeps the model it was first
   * compiled with, so use it with pipeline objects that have not run on this device yet.
   */
  public Device withMemory(DeviceMemory memory) {
    if (kind != Kind.OPENCL) {
      throw new IllegalArgumentException(name + " is not an OpenCL device; only OpenCL devices have device memory");
    }
    return new Device(kind, name, parallelism, openCl, automatic, java.util.Objects.requireNonNull(memory));
  }

  private static String describeAll(List<OpenCLDevice> all) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < all.size(); i++) {
      b.append(i == 0 ? "" : ", ").append(i).append(": ").append(OpenClDevices.describe(all.get(i)));
    }
    return b.toString();
  }

  /**
   * The device named by {@code -Dsluice.device} or {@code SLUICE_DEVICE}, else the fastest one
   * present: the first OpenCL GPU or accelerator ({@link #automaticChoice}), else the JVM. An OpenCL
   * CPU device is never chosen here, only when named ({@code opencl}, {@code opencl:N},
   * {@link #opencl()}): on the same cores the CPU back end is faster. The first call in a JVM logs
   * one line saying which device and why (logger {@code dev.sluice.device}, INFO).
   */
  public static Device best() {
    String forced = System.getProperty(PROPERTY);
    String from = "-D" + PROPERTY;
    if (forced == null || forced.isBlank()) {
      forced = System.getenv(ENVIRONMENT);
      from = ENVIRONMENT;
    }
    if (forced != null && !forced.isBlank()) {
      return DeviceLine.once(named(forced), from + "=" + forced);
    }
    List<OpenCLDevice> all = OpenClDevices.list();
    int chosen = automaticChoice(all.stream().map(OpenCLDevice::getType).toList());
    return DeviceLine.once(chosen < 0 ? cpu(true) : opencl(all.get(chosen), true), null);
  }

  /**
   * The rule of {@link #best()} over the types of the OpenCL devices present, in
   * {@link OpenClDevices#list()} order: the index of the first GPU or accelerator, or -1 for the CPU
   * back end (no OpenCL device, or only CPU ones).
   */
  static int automaticChoice(List<com.aparapi.device.Device.TYPE> types) {
    for (int i = 0; i < types.size(); i++) {
      if (types.get(i) == com.aparapi.device.Device.TYPE.GPU || types.get(i) == com.aparapi.device.Device.TYPE.ACC) {
        return i;
      }
    }
    return -1;
  }

  /**
   * This device, giving way to the CPU back end (logged, and named in the run report) for a pipeline
   * it cannot run, as a device {@link #best()} chose does; a named device fails instead. The JVM
   * stays itself.
   */
  public Device orCpu() {
    return kind == Kind.JVM ? this : new Device(kind, name, parallelism, openCl, true, memory);
  }

  /**
   * The device with this name: {@code cpu}, {@code jvm}, {@code cpu:scheduled}, {@code opencl},
   * {@code gpu} or {@code opencl:N}.
   */
  public static Device named(String spec) {
    String s = spec.trim().toLowerCase(Locale.ROOT);
    if (s.equals("cpu") || s.equals("jvm")) {
      return cpu();
    }
    if (s.equals("cpu:scheduled") || s.equals("jvm:scheduled")) {
      return cpuScheduled();
    }
    if (s.equals("opencl")) {
      return opencl();
    }
    if (s.equals("gpu")) {
      return gpu();
    }
    if (s.startsWith("opencl:")) {
      try {
        return opencl(Integer.parseInt(s.substring("opencl:".length())));
      } catch (NumberFormatException e) {
        // fall through to the error below
      }
    }
    throw new IllegalArgumentException("unknown device '" + spec + "' (from " + PROPERTY + " or "
        + ENVIRONMENT + "); use cpu, jvm, cpu:scheduled, opencl, gpu or opencl:N");
  }

  public Kind kind() {
    return kind;
  }

  public String name() {
    return name;
  }

  /**
   * Pipeline instances run side by side by default: one per core on the JVM; on OpenCL, work-groups
   * (four per compute unit on a GPU, one on a CPU device).
   */
  public int parallelism() {
    return parallelism;
  }

  /**
   * Whether the CPU back end runs each instance with the queued {@code Scheduler}
   * ({@link #cpuScheduled()}) rather than the direct executor; false for OpenCL devices.
   */
  public boolean scheduled() {
    return scheduled;
  }

  /** How an OpenCL device's memory is used (shared or discrete, and the budget); null for the JVM. */
  public DeviceMemory memory() {
    return memory;
  }

  /** The OpenCL device, or null for the JVM. */
  public OpenCLDevice openCl() {
    return openCl;
  }

  /**
   * Whether {@link #best()} chose this device without being told (or it came from {@link #orCpu()}):
   * only then may a pipeline that cannot run on it switch to the CPU back end (logged and named in
   * the run report) instead of failing.
   */
  public boolean automatic() {
    return automatic;
  }

  @Override
  public String toString() {
    return name;
  }
}
