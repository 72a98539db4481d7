package dev.sluice.spark;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.DeviceUnavailableException;
import java.util.Map;
import org.apache.spark.TaskContext;
import org.apache.spark.resource.ResourceInformation;

/**
 * Where a task runs its pipeline. A device named on the {@link SluiceSpark} wins; else a task that
 * Spark gave a GPU ({@code spark.task.resource.gpu.amount} with {@code spark.executor.resource.gpu.amount})
 * runs on the OpenCL device whose number is the GPU's address: address {@code N} is {@code opencl:N},
 * device N of the executor's OpenCL devices, GPUs first; else the CPU back end with as many pipeline
 * instances as the task has CPUs ({@code spark.task.cpus}).
 */
final class TaskSlots {
  /** Spark's name of the GPU resource. */
  static final String GPU = "gpu";

  private TaskSlots() {}

  /** A task's slot, and why it is that one (for the executor's log). */
  record Placement(Slot slot, String why) {}

  static Placement place(TaskContext task, String named, boolean cpuFallback) {
    return place(task.resourcesJMap(), task.cpus(), named, cpuFallback);
  }

  /** The placement for a task with these {@code resources} (Spark's, by name) and {@code cpus}. */
  static Placement place(Map<String, ResourceInformation> resources, int cpus, String named, boolean cpuFallback) {
    ResourceInformation gpu = resources.get(GPU);
    String[] addresses = gpu == null ? null : gpu.addresses();
    String spec = spec(named, addresses);
    Device device;
    try {
      device = Device.named(spec);
    } catch (RuntimeException e) {
      String missing = (named != null ? "the device named on SluiceSpark, '" + named + "'"
          : "the GPU Spark assigned this task (address " + gpu.addresses()[0] + ", device " + spec + ")")
          + " is not available on executor " + executor() + ": " + e.getMessage();
      if (!cpuFallback || !(e instanceof DeviceUnavailableException)) {
        throw new IllegalStateException(missing, e);
      }
      // an executor without that device (no OpenCL driver at all) falls back as one whose device cannot
      // run the pipeline does (outside-in helper-127); any other failure to find it is not hidden
      device = Device.cpuInsteadOf(spec, Math.max(1, cpus), missing);
    }
    if (cpuFallback) {
      // on the CPU back end instead, the task's cores, as a task placed there (rule 3) gets
      device = device.orCpu(Math.max(1, cpus));
    }
    int instances = device.kind() == Device.Kind.JVM ? Math.max(1, cpus) : 0;
    String why = named != null ? "named by SluiceSpark.device(\"" + named + "\")"
        : addresses != null && addresses.length > 0 ? "GPU address " + addresses[0] + " from TaskContext.resources() is "
            + spec
        : "no GPU in TaskContext.resources(): the CPU back end, " + instances + " instance(s) for spark.task.cpus = "
            + cpus;
    return new Placement(new Slot(device, instances, spec), why);
  }

  /**
   * The device spec for a task: {@code named} if set, else {@code opencl:N} for the first GPU address
   * {@code N} Spark assigned, else {@code cpu}.
   */
  static String spec(String named, String[] gpuAddresses) {
    if (named != null) {
      return named;
    }
    if (gpuAddresses == null || gpuAddresses.length == 0) {
      return "cpu";
    }
    String address = gpuAddresses[0].trim();
    if (!address.matches("\\d{1,9}")) {
      throw new IllegalStateException("Spark assigned this task GPU address '" + address + "', which is not a device"
          + " number; Sluice reads GPU address N as OpenCL device N (GPUs first), so the GPU discovery script must"
          + " print numbers");
    }
    return "opencl:" + Integer.parseInt(address);
  }

  static String executor() {
    org.apache.spark.SparkEnv env = org.apache.spark.SparkEnv.get();
    return env == null ? "?" : env.executorId();
  }
}
