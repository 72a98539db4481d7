package dev.sluice.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/** Where the numbers came from. */
final class Machine {
  /** The system load average when the run began. */
  private static double startLoad = Double.NaN;

  /**
   * The commit measured, asked once when the run begins ({@link #start}): the run rewrites its results
   * files after each workload, which would make every later answer "dirty".
   */
  private static String source;

  private Machine() {}

  /** Notes what a run needs to know from before it wrote anything: the load and the commit. */
  static void start() {
    startLoad = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    source = gitDescribe();
    heapKept = keepHeap();
  }

  /** What became of the request to keep the heap's memory between runs ({@link #keepHeap}). */
  private static String heapKept;

  /**
   * Asks the collector to keep the memory it took: the GC before each timed run would otherwise give
   * back what the heap has free beyond 70% of it, and the next run would fault those pages in again.
   * On a virtual machine whose host takes back the memory its guest frees, touching a page again costs
   * far more than on bare metal (about 3.6 s per GiB on the bench's 2-core VM, against a few hundred
   * ms): a loop whose output is fresh memory at every run measured that instead of itself, by up to 10x
   * and in some runs only. {@code MaxHeapFreeRatio} is a manageable flag, so the run sets it itself and
   * every way of starting it (Maven's JVM, the GPU kit's) gets the same heap.
   */
  private static String keepHeap() {
    try {
      ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
          .setVMOption("MaxHeapFreeRatio", "100");
      return "kept between runs (MaxHeapFreeRatio=100)";
    } catch (RuntimeException e) {
      return "may be given back between runs (MaxHeapFreeRatio not set: " + e + ")";
    }
  }

  static Map<String, String> describe() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("date", ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME.withZone(java.time.ZoneOffset.UTC)));
    m.put("CPU", cpuModel());
    m.put("cores", Runtime.getRuntime().availableProcessors() + " (available to the JVM)");
    m.put("memory", memory());
    m.put("JVM max heap", mib(Runtime.getRuntime().maxMemory()) + " MiB, "
        + (heapKept != null ? heapKept : "given back between runs as the collector chooses"));
    m.put("JDK", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + " ("
        + System.getProperty("java.vendor") + ")");
    m.put("OS", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
    m.put("OpenCL devices", OpenCl.describeAll());
    m.put("source", source != null ? source : gitDescribe());
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    m.put("load average (1 min)", (Double.isNaN(startLoad) ? "" : String.format(java.util.Locale.ROOT, "%.2f at the start, ", startLoad))
        + String.format(java.util.Locale.ROOT, "%.2f now", load)
        + " (other processes on this machine compete with the measurement when it exceeds the cores)");
    return m;
  }

  /** The commit measured, and whether the working tree had changes on top of it. */
  static String gitDescribe() {
    String set = System.getProperty("bench.source");
    if (set != null && !set.isBlank()) {
      return set;
    }
    try {
      ProcessBuilder pb = new ProcessBuilder("git", "describe", "--always", "--dirty")
          .directory(Bench.projectRoot().toFile()).redirectError(ProcessBuilder.Redirect.DISCARD);
      // the bench's JVM may preload HotSpot's libjsig for PoCL; git would then warn about signal() on stderr
      pb.environment().remove("LD_PRELOAD");
      Process p = pb.start();
      String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
      if (p.waitFor() == 0 && !out.isEmpty()) {
        return "git " + out + (out.endsWith("-dirty") ? " (uncommitted changes in the working tree)" : "");
      }
    } catch (Exception e) {
      // no git here
    }
    return "unknown (no git)";
  }

  static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (Exception e) {
      // not Linux
    }
    return System.getProperty("os.arch");
  }

  static String memory() {
    try {
      var os = ManagementFactory.getOperatingSystemMXBean();
      if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
        return String.format(java.util.Locale.ROOT, "%.1f GiB", sun.getTotalMemorySize() / (double) (1L << 30));
      }
    } catch (Throwable e) {
      // not HotSpot
    }
    return "unknown";
  }

  static long mib(long bytes) {
    return bytes >> 20;
  }

  /** A heap figure in MiB: to two decimals below 10 MiB (what a run allocates can be far less than one), whole above. */
  static String heapMib(long bytes) {
    double m = bytes / (double) (1 << 20);
    return m < 10 ? String.format(java.util.Locale.ROOT, "%.2f", m) : String.valueOf(bytes >> 20);
  }
}
