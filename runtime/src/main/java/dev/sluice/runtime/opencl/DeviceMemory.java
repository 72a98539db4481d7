package dev.sluice.runtime.opencl;

import com.aparapi.device.OpenCLDevice;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.queue.SinkLimit;
import java.util.Locale;

/**
 * How the OpenCL back end uses one device's memory, decided per device.
 *
 * <ul>
 *   <li>{@link Model#SHARED}: the device works in host memory (a CPU runtime such as PoCL, an
 *       integrated GPU); a buffer may be as large as the device allows.
 *   <li>{@link Model#DISCRETE}: the device has its own memory behind a bus (a discrete GPU); a
 *       buffer is at most {@link #DISCRETE_MAX_BUFFER}.
 * </ul>
 *
 * <p>Under both, every buffer is the driver's own ({@code CL_MEM_COPY_HOST_PTR}), so the queues the
 * kernel works on never leave the device; only input slices, the scheduler words and sink outputs
 * are copied. Never {@code CL_MEM_USE_HOST_PTR}, wrapping the Java arrays: such a buffer keeps the
 * address its array had, and the garbage collector moves arrays ({@code OpenClDriver}).
 *
 * <p>A CPU-type device is shared and any other device discrete, unless {@value #PROPERTY} (or
 * {@value #ENVIRONMENT}) says {@code shared} or {@code discrete}: an integrated GPU reports itself
 * as a GPU. {@code device.with(PROPERTY, "shared")} (or {@link #BUDGET_PROPERTY}) sets it for one
 * device, before the property. The budget, the bytes a run may hold on the device, is three quarters of the device's
 * global memory and at most half the JVM's heap (every device buffer is mirrored by a Java array);
 * {@value #BUDGET_PROPERTY} sets it (bytes, or with a {@code k}, {@code m} or {@code g} suffix).
 * The OpenCL driver cuts the input into slices that fit the budget and splits a slice whose
 * outputs would not.
 */
public record DeviceMemory(Model model, boolean forced, long globalBytes, long maxAllocBytes, long budgetBytes,
    boolean heapBound) {
  /** Where a device's buffers live. */
  public enum Model { SHARED, DISCRETE }

  public static final String PROPERTY = "sluice.opencl.memory";
  public static final String ENVIRONMENT = "SLUICE_OPENCL_MEMORY";
  public static final String BUDGET_PROPERTY = "sluice.opencl.budget";
  /** Where a setting given to one device came from, for messages. */
  private static final String WITH = "Device.with(\"" + PROPERTY + "\", ...)";

  public DeviceMemory {
    if (budgetBytes <= 0 || globalBytes <= 0 || maxAllocBytes <= 0) {
      throw new IllegalArgumentException("device memory sizes must be positive: global " + globalBytes
          + ", largest buffer " + maxAllocBytes + ", budget " + budgetBytes);
    }
  }

  /**
   * The memory of OpenCL device {@code cl} under {@code device}'s settings ({@link Device#with}),
   * else this JVM's.
   */
  public static DeviceMemory of(OpenCLDevice cl, Device device) {
    String model = device.setting(PROPERTY);
    String from = WITH;
    if (model == null) {
      model = System.getProperty(PROPERTY);
      from = "-D" + PROPERTY;
    }
    if (model == null || model.isBlank()) {
      model = System.getenv(ENVIRONMENT);
      from = ENVIRONMENT;
    }
    String budget = device.setting(BUDGET_PROPERTY);
    return decide(cl.getType() == com.aparapi.device.Device.TYPE.CPU, cl.getGlobalMemSize(), cl.getMaxMemAllocSize(),
        Runtime.getRuntime().maxMemory(), model, from, budget != null ? budget : System.getProperty(BUDGET_PROPERTY));
  }

  /** Checks one of a device's settings ({@link Device#with}): an error naming what is wrong. */
  static void checkSetting(String name, String value) {
    if (name.equals(PROPERTY)) {
      parseModel(value, WITH);
    } else if (name.equals(BUDGET_PROPERTY)) {
      parseBytes(value);
    } else {
      throw new IllegalArgumentException("OpenCL devices have no setting " + name + "; they have " + PROPERTY
          + " and " + BUDGET_PROPERTY);
    }
  }

  /**
   * The decision for a device with these facts: {@code model} and {@code budget} are the settings
   * ({@code null} or blank when not set).
   */
  public static DeviceMemory decide(boolean cpuDevice, long globalBytes, long maxAllocBytes, long heapBytes,
      String model, String budget) {
    return decide(cpuDevice, globalBytes, maxAllocBytes, heapBytes, model, "-D" + PROPERTY + " or " + ENVIRONMENT, budget);
  }

  /** As above, with where {@code model} came from for the message when it is no model's name. */
  static DeviceMemory decide(boolean cpuDevice, long globalBytes, long maxAllocBytes, long heapBytes,
      String model, String modelFrom, String budget) {
    Model detected = cpuDevice ? Model.SHARED : Model.DISCRETE;
    boolean forced = model != null && !model.isBlank();
    Model chosen = forced ? parseModel(model, modelFrom) : detected;
    boolean set = budget != null && !budget.isBlank();
    long ofDevice = globalBytes / 4 * 3;
    long ofHeap = heapBytes / 2;
    long limit = set ? parseBytes(budget) : Math.min(ofDevice, ofHeap);
    return new DeviceMemory(chosen, forced, globalBytes, maxAllocBytes, limit, !set && ofHeap < ofDevice);
  }

  /** The same device with a budget of {@code bytes}. */
  public DeviceMemory withBudget(long bytes) {
    return new DeviceMemory(model, forced, globalBytes, maxAllocBytes, bytes, false);
  }

  /**
   * The largest buffer a discrete device gets, whatever it allows. On an H200 (NVIDIA driver
   * 580.159.04, CL_DEVICE_MAX_MEM_ALLOC_SIZE far larger) a sink buffer of 1.2 GB made the launch fail
   * with CL_OUT_OF_HOST_MEMORY (Aparapi's "runKernelJNI returned -6": SynthGain at gain 4, 268M items
   * out of one slice), where 300 MB buffers ran; a slice whose outputs need more runs in pieces.
   */
  static final long DISCRETE_MAX_BUFFER = 256L << 20;

  /**
   * The most items one sink takes from one slice: a kernel whose sink count has passed it takes each
   * later run's reservation back but for one (the count stays far from wrapping an int, which made
   * the kernel write below the buffer: a SIGSEGV in PoCL with 2.15 billion items from one slice) and
   * writes nothing; the host sees the count past the limit and runs the slice in pieces. Sink buffers
   * never hold more.
   */
  public static final int SINK_COUNT_LIMIT = 1 << 30;

  /**
   * The largest buffer any device gets through Aparapi: on PoCL (CL_DEVICE_MAX_MEM_ALLOC_SIZE 4 GiB) a
   * sink buffer of 551M ints (2.2 GB) failed in clCreateBuffer ("invalid buffer size"), and Aparapi
   * then fell back to running the kernel in Java, where one of 529M ints (2.1 GB) ran: the limit is
   * 2^31 bytes, whatever the device says.
   */
  static final long APARAPI_MAX_BUFFER = Integer.MAX_VALUE;

  /**
   * The largest single buffer, in bytes: the device's limit (on a discrete device at most {@link
   * #DISCRETE_MAX_BUFFER}, on any at most {@link #APARAPI_MAX_BUFFER}), and never more than the budget.
   */
  public long maxBufferBytes() {
    long device = model == Model.DISCRETE ? Math.min(maxAllocBytes, DISCRETE_MAX_BUFFER) : maxAllocBytes;
    return Math.min(Math.min(device, APARAPI_MAX_BUFFER), budgetBytes);
  }

  /**
   * Input items per launch: at most {@code wanted}, and few enough that the input (at
   * {@code bytesPerItem} each, its widest column {@code widestColumnBytes}) takes at most half of
   * what the budget leaves beside the {@code heldBytes} already allocated; the other half is for
   * the sinks' outputs. An error naming the sizes when not even one vector of {@code width} items fits.
   */
  public int sliceItems(String pipeline, String device, long heldBytes, int bytesPerItem, int widestColumnBytes,
      int wanted, int width) {
    long room = (budgetBytes - heldBytes) / 2;
    long fit = Math.min(room / Math.max(1, bytesPerItem), maxBufferBytes() / Math.max(1, widestColumnBytes));
    if (fit < width) {
      String[] sizes = twoSizes(heldBytes, budgetBytes);
      throw Kernels.KernelException.noRoom(pipeline + " needs " + sizes[0] + " of device memory for what it holds"
          + " there (its queues and buffers, and its nodes' @Param arrays, which a run copies to the device) and "
          + mib(2L * width * bytesPerItem) + " for one vector of input and output, but its budget on "
          + device + " is " + sizes[1] + ": use fewer instances, smaller queues or smaller @Param arrays, or "
          + more());
    }
    return (int) Math.min(wanted, fit);
  }

  /**
   * Input items per launch for a slice joined from a stream's arrays ({@code SliceJoin}): at most
   * {@code slice}, and few enough that, beside the device's copy, the join's own arrays on the heap
   * ({@code hostBytesPerItem} an item, up to 1.5 times that while one is copied into a larger one)
   * take at most the half of the budget that {@link #sliceItems} gives the input. Without it a
   * stream of small arrays held about three times the input's share (outside-in helper-77: 30M ints
   * through {@code runChunks} ran out of a 64 MiB heap on PoCL, and ran on the CPU back ends).
   */
  public int joinedItems(long heldBytes, int bytesPerItem, int hostBytesPerItem, int slice) {
    long room = (budgetBytes - heldBytes) / 2;
    long perItem = Math.max(1, bytesPerItem) + (3L * hostBytesPerItem + 1) / 2;
    return (int) Math.max(1, Math.min(slice, room / perItem));
  }

  /** The most elements the driver lets one Java array (one device buffer) have: the JVM's array limit. */
  static final long MAX_ARRAY = SinkLimit.MAX_ITEMS;

  /**
   * Before any buffer is allocated: every work-group has its own slice of each buffer, so a buffer of
   * {@code perGroupItems[i]} items per group holds {@code groups} times as many, and must stay a Java
   * array; and at four bytes an item at least, they must fit the budget. An error naming the sizes
   * otherwise (the processor bounds the per-group sizes, the number of groups is the run's).
   */
  public void checkGroups(String pipeline, String device, int groups, long[] perGroupItems) {
    long longest = 0;
    long total = 0;
    for (long n : perGroupItems) {
      longest = Math.max(longest, n);
      total += n;
    }
    long items = multiply(groups, longest);
    long bytes = multiply(4L * groups, total);
    if (items > MAX_ARRAY || bytes > budgetBytes) {
      String[] sizes = twoSizes(bytes, budgetBytes);
      // a floor, counted before the buffers exist: the run's full need (its @Param arrays, its sinks, a
      // vector of input) is counted once they do, so a budget of this figure is refused again with a
      // larger one (outside-in helper-116), which the message says
      throw Kernels.KernelException.noRoom(pipeline + " needs more than " + sizes[0] + " of device memory for the"
          + " queues and buffers of " + groups + (groups == 1 ? " work-group (" : " work-groups (") + total
          + " items per group; its largest buffer " + items
          + " items, at most " + MAX_ARRAY + "), before its @Param arrays, sinks and input are counted, but its"
          + " budget on " + device + " is " + sizes[1] + ": use fewer instances or smaller queues, or " + more());
    }
  }

  private static long multiply(long a, long b) {
    long high = Math.multiplyHigh(a, b);
    return high != 0 || a * b < 0 ? Long.MAX_VALUE : a * b;
  }

  /** One line for the run report. */
  public String describe() {
    return String.format(Locale.ROOT, "%s%s (%s buffers), budget %s%s of %s global",
        model.name().toLowerCase(Locale.ROOT), forced ? " as set" : "",
        model == Model.SHARED ? "host-memory" : "device-resident", mib(budgetBytes),
        heapBound ? " (half the JVM's heap)" : "", mib(globalBytes));
  }

  /**
   * How to give a run more room, as a no-room message ends: where half the heap is what limits the
   * budget, more heap (outside-in helper-111: under -Xmx128m a 64 MiB budget on a device of 8.6 GiB
   * was refused with "set sluice.opencl.budget if the device has more", which named neither).
   */
  public String more() {
    return heapBound ? "give the JVM more heap (-Xmx: the budget is at most half of it unless " + BUDGET_PROPERTY
        + " is set)" : "set " + BUDGET_PROPERTY + " if the device has more";
  }

  /** {@code s} as a model; {@code from} says where it was set, for the message when it is no model. */
  static Model parseModel(String s, String from) {
    return switch (s.trim().toLowerCase(Locale.ROOT)) {
      case "shared" -> Model.SHARED;
      case "discrete" -> Model.DISCRETE;
      default -> throw new IllegalArgumentException("unknown device memory model '" + s + "' (from " + from
          + "); use shared or discrete");
    };
  }

  static long parseBytes(String s) {
    String t = s.trim().toLowerCase(Locale.ROOT);
    long unit = 1;
    if (t.endsWith("k") || t.endsWith("m") || t.endsWith("g") || t.endsWith("b")) {
      // 'b' for bytes, as users write it (outside-in helper-116: '1b' was refused where '1' ran)
      unit = t.endsWith("k") ? 1L << 10 : t.endsWith("m") ? 1L << 20 : t.endsWith("g") ? 1L << 30 : 1;
      t = t.substring(0, t.length() - 1).trim();
    }
    if (t.matches("\\+?[0-9]+")) {
      // digits alone: positive unless all zeros, and too many of them for a long is still a number
      // of bytes, not "not positive" (outside-in helper-116: '99999999999999999999g')
      java.math.BigInteger n = new java.math.BigInteger(t).multiply(java.math.BigInteger.valueOf(unit));
      if (n.signum() > 0 && n.bitLength() < Long.SIZE) {
        return n.longValue();
      }
      if (n.signum() > 0) {
        throw new IllegalArgumentException(BUDGET_PROPERTY + " '" + s + "' is more bytes than a long holds;"
            + " a budget is at most the device's memory (such as 512m or 2g)");
      }
    }
    throw new IllegalArgumentException(BUDGET_PROPERTY + " must be a positive number of bytes (such as 512m or 2g),"
        + " not '" + s + "'");
  }

  /** {@code bytes} in MiB (or GiB from 10 GiB), for messages. */
  /**
   * {@code need} and {@code have}, as {@link #mib} writes them, or both in bytes where that would
   * write two different sizes alike (0.2 MiB needed of a budget of 0.2 MiB: outside-in helper-109).
   */
  static String[] twoSizes(long need, long have) {
    String a = mib(need);
    String b = mib(have);
    return a.equals(b) && need != have ? new String[] {need + " bytes", have + " bytes"} : new String[] {a, b};
  }

  public static String mib(long bytes) {
    if (bytes < 100L << 10) {
      // below 0.1 MiB the figure would read 0.0: small budgets and buffers in bytes
      return bytes + (bytes == 1 ? " byte" : " bytes");
    }
    return bytes >= 10L << 30
        ? String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30))
        : String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
  }
}
