package dev.sluice.runtime;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Where a pipeline runs: the JVM (the CPU back end, one pipeline instance per core) or an OpenCL
 * device (one fused kernel, one pipeline instance per work-group). A plain value: which back end,
 * which of its devices (its number and name), the hardware it is, how many instances run side by
 * side, how it was chosen and its settings. The back ends find their devices themselves
 * ({@link DeviceDiscovery}); the OpenCL back end turns a device back into its OpenCL handle by its
 * {@link #index()}.
 *
 * <p>{@link #best()} picks the fastest
 * device present: an OpenCL GPU or accelerator, else the JVM. An OpenCL device on the CPU (such as
 * PoCL) runs the same pipeline 2x to 10x slower than the CPU back end on the same cores, so it is used
 * only when named. The system property {@code sluice.device} or the environment
 * variable {@code SLUICE_DEVICE} forces one: {@code cpu}/{@code jvm}, {@code cpu:scheduled} (the
 * CPU back end's queued scheduler, {@link #cpuScheduled()}), {@code opencl} (the first
 * OpenCL device, GPUs first), {@code gpu} (an OpenCL GPU), or {@code opencl:N} (the N-th OpenCL
 * device, GPUs first).
 */
public final class Device {
  /** Kinds of device, one driver each. */
  public enum Kind {
    /** The CPU back end: the pipeline's generated Java classes, on the JVM's threads. */
    JVM,
    /** An OpenCL device, running the pipeline's generated kernel. */
    OPENCL
  }

  /** What a device is made of, as its back end reports it. */
  public enum Hardware {
    /** A CPU: the JVM's own, or an OpenCL CPU device such as PoCL. */
    CPU,
    /** An OpenCL GPU. */
    GPU,
    /** An OpenCL accelerator. */
    ACCELERATOR,
    /** An OpenCL device of another type. */
    OTHER
  }

  /** The system property that names the device {@link #best()} returns ({@code -Dsluice.device=cpu}). */
  public static final String PROPERTY = "sluice.device";
  /** The environment variable that does so where the property is not set ({@code SLUICE_DEVICE=gpu}). */
  public static final String ENVIRONMENT = "SLUICE_DEVICE";

  private final Kind kind;
  private final int index;
  private final String name;
  private final Hardware hardware;
  private final int parallelism;
  private final boolean automatic;
  private final boolean scheduled;
  private final Map<String, String> settings;
  /** Instances by default of the CPU back end this device gives way to ({@link #orCpu(int)}); 0: one per core. */
  private final int cpuInstead;

  private Device(Kind kind, int index, String name, Hardware hardware, int parallelism, boolean automatic,
      boolean scheduled, Map<String, String> settings) {
    this(kind, index, name, hardware, parallelism, automatic, scheduled, settings, 0);
  }

  private Device(Kind kind, int index, String name, Hardware hardware, int parallelism, boolean automatic,
      boolean scheduled, Map<String, String> settings, int cpuInstead) {
    this.kind = kind;
    this.index = index;
    this.name = name;
    this.hardware = hardware;
    this.parallelism = parallelism;
    this.automatic = automatic;
    this.scheduled = scheduled;
    this.settings = settings;
    this.cpuInstead = cpuInstead;
  }

  private static Device jvm(String name, int parallelism, boolean automatic, boolean scheduled) {
    return new Device(Kind.JVM, -1, name, Hardware.CPU, parallelism, automatic, scheduled, Map.of());
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
    return jvm(cpu.name.replace(", " + DIRECT + ")", ", " + SCHEDULED + ")"), cpu.parallelism, false, true);
  }

  private static final String DIRECT = "direct calls";
  private static final String SCHEDULED = "scheduled";

  /** How the CPU back end runs an instance ({@code direct calls} or {@code scheduled}); its name says it too. */
  public String cpuExecutor() {
    return scheduled ? SCHEDULED : DIRECT;
  }

  private static Device cpu(boolean automatic) {
    int cores = Runtime.getRuntime().availableProcessors();
    return jvm("JVM (" + cores + " cores, " + System.getProperty("java.vm.name") + " "
        + System.getProperty("java.version") + ", " + DIRECT + ")", cores, automatic, false);
  }

  /**
   * The CPU back end standing in for {@code instead}, which could not run a pipeline; the name says
   * so, and so does every run report. Internal, for the back ends and the Spark adapter, which give
   * way to it themselves: a user asks for that with {@link #orCpu()}.
   */
  public static Device cpuInsteadOf(Device instead, String reason) {
    return cpuInsteadOf(instead.name, instead.cpuInstead, reason);
  }

  /**
   * The CPU back end standing in for the device named {@code instead} ({@code opencl:0}), which this
   * machine does not have, with {@code instances} pipeline instances by default (0: one per core).
   * Internal, for the Spark adapter's {@code cpuFallback} on an executor without that device.
   */
  public static Device cpuInsteadOf(String instead, int instances, String reason) {
    Device cpu = cpu(false);
    return jvm(cpu.name + ", instead of " + instead + " (" + reason + ")", instances > 0 ? instances : cpu.parallelism,
        false, false);
  }

  private static DeviceDiscovery openClDiscovery() {
    return Discoveries.of(Kind.OPENCL);
  }

  /**
   * The first OpenCL device, GPUs first.
   *
   * @throws DeviceUnavailableException when there is none, naming the reason
   */
  public static Device opencl() {
    DeviceDiscovery cl = openClDiscovery();
    if (cl.devices().isEmpty()) {
      throw new DeviceUnavailableException("no OpenCL device: " + cl.unavailableReason(), null);
    }
    return opencl(cl, 0, false);
  }

  /**
   * The OpenCL device numbered {@code index}, GPUs first (the N of {@code opencl:N}).
   *
   * @throws IllegalArgumentException for a negative {@code index}, which no device has
   * @throws DeviceUnavailableException when this machine has no device {@code index}, naming the
   *     devices there are (as {@link #opencl()} and {@link #gpu()} do for a device that is not there)
   */
  public static Device opencl(int index) {
    if (index < 0) {
      throw new IllegalArgumentException("no OpenCL device " + index + ": devices are numbered from 0");
    }
    DeviceDiscovery cl = openClDiscovery();
    List<DeviceDiscovery.Found> all = cl.devices();
    if (index >= all.size()) {
      throw noSuchDevice(String.valueOf(index), cl, all);
    }
    return opencl(cl, index, false);
  }

  /** There is no OpenCL device {@code index} (past the last of {@code all}), naming those there are. */
  private static DeviceUnavailableException noSuchDevice(String index, DeviceDiscovery cl, List<DeviceDiscovery.Found> all) {
    return new DeviceUnavailableException("no OpenCL device " + index + "; this machine has "
        + (all.isEmpty() ? "none (" + cl.unavailableReason() + ")" : describeAll(all)), null);
  }

  /**
   * The first OpenCL GPU.
   *
   * @throws DeviceUnavailableException when there is none, naming the devices there are
   */
  public static Device gpu() {
    DeviceDiscovery cl = openClDiscovery();
    List<DeviceDiscovery.Found> all = cl.devices();
    for (int i = 0; i < all.size(); i++) {
      if (all.get(i).hardware() == Hardware.GPU) {
        return opencl(cl, i, false);
      }
    }
    throw new DeviceUnavailableException("no OpenCL GPU; this machine has "
        + (all.isEmpty() ? "no OpenCL device (" + cl.unavailableReason() + ")" : describeAll(all)), null);
  }

  /**
   * Every device present, in the order a test would try them: the CPU back end's two executors
   * ({@link #cpu()}, {@link #cpuScheduled()}), then each OpenCL device ({@code opencl:0},
   * {@code opencl:1}, ..., GPUs first). A JUnit test runs a pipeline on each with
   * {@code @MethodSource("dev.sluice.runtime.Device#all")}; a machine without OpenCL lists the CPU
   * alone, so a test that must cover OpenCL asks for {@link #opencl()} by name.
   */
  public static List<Device> all() {
    DeviceDiscovery cl = openClDiscovery();
    List<Device> all = new java.util.ArrayList<>(List.of(cpu(), cpuScheduled()));
    for (int i = 0; i < cl.devices().size(); i++) {
      all.add(opencl(cl, i, false));
    }
    return List.copyOf(all);
  }

  private static Device opencl(DeviceDiscovery cl, int index, boolean automatic) {
    DeviceDiscovery.Found d = cl.devices().get(index);
    return new Device(Kind.OPENCL, index, "OpenCL " + d.description(), d.hardware(), d.parallelism(), automatic,
        false, Map.of());
  }

  /** "2 OpenCL devices: opencl:0 = ..., opencl:1 = ...": how many, and each by the name that picks it. */
  private static String describeAll(List<DeviceDiscovery.Found> all) {
    StringBuilder b = new StringBuilder().append(all.size()).append(all.size() == 1 ? " OpenCL device: " : " OpenCL devices: ");
    for (int i = 0; i < all.size(); i++) {
      b.append(i == 0 ? "" : ", ").append("opencl:").append(i).append(" = ").append(all.get(i).description());
    }
    return b.toString();
  }

  /**
   * This device with one of its back end's settings for it alone, named as the system property that
   * sets it for every device: for OpenCL, {@code sluice.opencl.memory} ({@code shared} or
   * {@code discrete}) and {@code sluice.opencl.budget} (bytes, or with a {@code k}, {@code m} or
   * {@code g} suffix). An error naming the setting when the back end has no such setting or cannot
   * use the value. A kernel keeps the memory model it was first built under, so use a device with
   * another model with pipeline objects that have not run on this device yet.
   */
  public Device with(String setting, String value) {
    Objects.requireNonNull(setting, "setting");
    Objects.requireNonNull(value, "value");
    if (kind == Kind.JVM) {
      throw new IllegalArgumentException(name + " has no setting " + setting + "; only OpenCL devices have settings");
    }
    Discoveries.of(kind).checkSetting(setting, value);
    Map<String, String> next = new TreeMap<>(settings);
    next.put(setting, value);
    return new Device(kind, index, name, hardware, parallelism, automatic, scheduled, Map.copyOf(next), cpuInstead);
  }

  /** The value {@link #with} gave {@code setting} for this device, or null when it gave none. */
  public String setting(String setting) {
    return settings.get(setting);
  }

  /**
   * The device named by {@code -Dsluice.device} or {@code SLUICE_DEVICE}, else the fastest one
   * present: the first OpenCL GPU or accelerator, else the JVM. An OpenCL
   * CPU device is never chosen here, only when named ({@code opencl}, {@code opencl:N},
   * {@link #opencl()}): on the same cores the CPU back end is faster. The first call in a JVM logs
   * one line saying which device and why (logger {@code dev.sluice.device}, INFO).
   *
   * @throws IllegalArgumentException when the property or variable holds a name that is no device's
   * @throws DeviceUnavailableException when it names a device this machine does not have; either
   *     message ends with where the name came from, {@code (from -Dsluice.device)}
   */
  public static Device best() {
    String forced = System.getProperty(PROPERTY);
    String from = "-D" + PROPERTY;
    if (forced == null || forced.isBlank()) {
      forced = System.getenv(ENVIRONMENT);
      from = ENVIRONMENT;
    }
    if (forced != null && !forced.isBlank()) {
      Device device;
      try {
        device = named(forced);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(e.getMessage() + " (from " + from + ")", e);
      } catch (DeviceUnavailableException e) {
        throw new DeviceUnavailableException(e.getMessage() + " (from " + from + ")", e);
      }
      return DeviceLine.once(device, from + "=" + forced);
    }
    DeviceDiscovery cl = openClDiscovery();
    int chosen = automaticChoice(cl.devices().stream().map(DeviceDiscovery.Found::hardware).toList());
    return DeviceLine.once(chosen < 0 ? cpu(true) : opencl(cl, chosen, true), null);
  }

  /**
   * The rule of {@link #best()} over the hardware of the OpenCL devices present, in their order:
   * the index of the first GPU or accelerator, or -1 for the CPU back end (no OpenCL device, or only
   * CPU ones).
   */
  static int automaticChoice(List<Hardware> found) {
    for (int i = 0; i < found.size(); i++) {
      if (found.get(i) == Hardware.GPU || found.get(i) == Hardware.ACCELERATOR) {
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
    return orCpu(0);
  }

  /**
   * {@link #orCpu()}, with the CPU back end it may give way to running {@code instances} pipeline
   * instances by default instead of one per core (a run's own {@code instances(n)}, if not 0, still
   * wins): a Spark task allowed {@code spark.task.cpus} cores, say, whose pipeline cannot run on the
   * task's GPU. 0: one per core.
   */
  public Device orCpu(int instances) {
    if (instances < 0) {
      throw new IllegalArgumentException("instances must be >= 0 (0: one per core), not " + instances);
    }
    return kind == Kind.JVM ? this : new Device(kind, index, name, hardware, parallelism, true, scheduled, settings,
        instances);
  }

  /**
   * The device with this name: {@code cpu}, {@code jvm}, {@code cpu:scheduled}, {@code opencl},
   * {@code gpu} or {@code opencl:N}.
   *
   * @throws IllegalArgumentException for null or a name that is no device's ({@link #checkName})
   * @throws DeviceUnavailableException for a device this machine does not have ({@code gpu} with no
   *     OpenCL GPU, {@code opencl:N} past its last OpenCL device)
   */
  public static Device named(String spec) {
    String s = checkName(spec);
    return switch (s) {
      case "cpu", "jvm" -> cpu();
      case "cpu:scheduled", "jvm:scheduled" -> cpuScheduled();
      case "opencl" -> opencl();
      case "gpu" -> gpu();
      default -> {
        String n = s.substring("opencl:".length());
        int index;
        try {
          index = Integer.parseInt(n);
        } catch (NumberFormatException e) {
          // a number past int: no machine has that device, a device that is not there like opencl:99,
          // said as for that one, with the devices there are (outside-in helper-116)
          DeviceDiscovery cl = openClDiscovery();
          throw noSuchDevice(n, cl, cl.devices());
        }
        yield opencl(index);
      }
    };
  }

  /**
   * Checks that {@code spec} is a device name {@link #named} accepts, without looking for the device
   * (for a name given on one machine and resolved on another, as Spark's executors do); returns it
   * trimmed and in lower case.
   *
   * @throws IllegalArgumentException for null or a name that is no device's
   */
  public static String checkName(String spec) {
    if (spec == null) {
      throw new IllegalArgumentException("no device name (null); use cpu (or jvm), cpu:scheduled (or jvm:scheduled),"
          + " opencl, gpu or opencl:N");
    }
    String s = spec.trim().toLowerCase(Locale.ROOT);
    switch (s) {
      case "cpu", "jvm", "cpu:scheduled", "jvm:scheduled", "opencl", "gpu" -> {
        return s;
      }
      default -> {
        String n = s.startsWith("opencl:") ? s.substring("opencl:".length()) : "";
        if (n.matches("[0-9]+")) {
          return s;
        }
      }
    }
    throw new IllegalArgumentException("unknown device '" + spec + "'; use cpu (or jvm), cpu:scheduled (or"
        + " jvm:scheduled), opencl, gpu or opencl:N");
  }

  /** Which back end runs on this device. */
  public Kind kind() {
    return kind;
  }

  /** The device's number among its back end's devices (the N of {@code opencl:N}); -1 for the JVM. */
  public int index() {
    return index;
  }

  /** The device as the run report and the log name it (its back end, platform and model). */
  public String name() {
    return name;
  }

  /**
   * The device's short name, as {@link #named} reads it: {@code cpu}, {@code cpu:scheduled} or
   * {@code opencl:N}; for a test's display name, a command-line flag or a setting
   * ({@code Device.named(d.spec())} is that device again, less {@link #with} settings).
   */
  public String spec() {
    return kind == Kind.JVM ? (scheduled ? "cpu:scheduled" : "cpu") : "opencl:" + index;
  }

  /** What the device is made of: {@code CPU} for the JVM and for an OpenCL CPU device such as PoCL. */
  public Hardware hardware() {
    return hardware;
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

  /**
   * Whether {@link #best()} chose this device without being told (or it came from {@link #orCpu()}):
   * only then may a pipeline that cannot run on it switch to the CPU back end (logged and named in
   * the run report) instead of failing.
   */
  public boolean automatic() {
    return automatic;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Device d && kind == d.kind && index == d.index && name.equals(d.name)
        && hardware == d.hardware && parallelism == d.parallelism && automatic == d.automatic
        && scheduled == d.scheduled && settings.equals(d.settings) && cpuInstead == d.cpuInstead;
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, index, name, hardware, parallelism, automatic, scheduled, settings, cpuInstead);
  }

  @Override
  public String toString() {
    return name;
  }
}
