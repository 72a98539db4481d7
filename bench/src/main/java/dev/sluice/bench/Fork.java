package dev.sluice.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Measures one workload in a JVM of its own, as JMH forks one per benchmark. In one JVM every workload
 * after the first ran code the JIT had compiled under the profile of the ones before it: the three
 * SynthGain workloads run the same generated class and the same hand-written loops, and after
 * {@code synthgain-0.1}, {@code synthgain-1} took {@code fused-1t} 8.8 to 11.9 ms and
 * {@code sluice-cpu-1t} 10.2 to 22.5 ms, against 7.2 to 7.4 and 9.6 to 10.1 ms alone
 * ({@code probe.OneThread}, 2026-11-30). A user's JVM runs its pipeline under its own inputs' profile.
 *
 * <p>The child is this JVM's {@code java}, with its class path (the loader's, under {@code exec:java},
 * where {@code java.class.path} is Maven's), its memory and {@code -XX} options, every
 * {@code bench.*}, {@code sluice.*} and {@code probe.*} property, and the run's settings; it writes
 * its results file into a folder of its own, which this JVM reads back.
 */
final class Fork {
  private Fork() {}

  /** Property: {@code false} measures every workload in this JVM. */
  static final String PROPERTY = "bench.fork";

  static boolean wanted() {
    return Boolean.parseBoolean(System.getProperty(PROPERTY, "true"));
  }

  /** {@code w}'s measurements, taken in a child JVM whose output goes to {@code log}. */
  static List<Measurement> measure(Bench.Config config, Workload w, PrintStream log) throws IOException {
    Path dir = Files.createTempDirectory("sluice-bench-" + w.name());
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString()));
    command.addAll(jvmOptions());
    Properties p = System.getProperties();
    for (String name : p.stringPropertyNames()) {
      if ((name.startsWith("bench.") || name.startsWith("sluice.") || name.startsWith("probe."))
          && !name.equals("bench.only") && !name.equals("bench.out") && !name.equals(Bench.CHART)) {
        command.add("-D" + name + "=" + p.getProperty(name));
      }
    }
    // the run's settings as this run has them (a test's Config is not made from properties)
    command.add("-Dbench.quick=" + config.quick());
    command.add("-Dbench.scales=" + String.join(",", java.util.Arrays.stream(config.scales()).mapToObj(String::valueOf)
        .toList()));
    command.add("-Dbench.impls=" + String.join(",", config.impls().stream().map(i -> i.id).toList()));
    command.add("-Dbench.warmups=" + config.warmups());
    command.add("-Dbench.warmup=" + config.warmupSeconds());
    command.add("-Dbench.reps=" + config.maxReps());
    command.add("-Dbench.budget=" + config.budgetSeconds());
    command.add("-D" + PROPERTY + "=false");
    command.add("-Dbench.only=" + w.name());
    command.add("-Dbench.out=" + dir);
    command.add("-D" + Bench.CHART + "=false");
    command.add("-cp");
    command.add(classPath());
    command.add(Bench.class.getName());
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    child.getInputStream().transferTo(log);
    int status;
    try {
      status = child.waitFor();
    } catch (InterruptedException e) {
      child.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while the JVM measuring " + w.name() + " ran", e);
    }
    Path results = dir.resolve(ResultsFile.NAME);
    if (!Files.exists(results)) {
      throw new IOException("the JVM measuring " + w.name() + " ended with status " + status + " and no results ("
          + String.join(" ", command) + ")");
    }
    List<Measurement> measured = ResultsFile.read(results, config.out()).measurements();
    try (var files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Files.delete(f);
      }
    }
    Files.delete(dir);
    return measured;
  }

  /**
   * This JVM's options a measurement depends on: all of them when it was started as {@code java -cp}
   * with the bench on its class path (the GPU kit's runs), else (Maven's JVM) its memory and
   * {@code -XX} options only.
   */
  private static List<String> jvmOptions() {
    List<String> all = ManagementFactory.getRuntimeMXBean().getInputArguments();
    if (plainJava()) {
      return all;
    }
    return all.stream().filter(a -> a.startsWith("-Xm") || a.startsWith("-Xss") || a.startsWith("-XX:")).toList();
  }

  private static boolean plainJava() {
    String cp = System.getProperty("java.class.path", "");
    URL here = Bench.class.getProtectionDomain().getCodeSource().getLocation();
    try {
      return cp.contains(Path.of(here.toURI()).toString());
    } catch (URISyntaxException | IllegalArgumentException e) {
      return false;
    }
  }

  private static String classPath() {
    if (!plainJava() && Bench.class.getClassLoader() instanceof URLClassLoader loader) {
      List<String> paths = new ArrayList<>();
      for (URL u : loader.getURLs()) {
        try {
          paths.add(Path.of(u.toURI()).toString());
        } catch (URISyntaxException | IllegalArgumentException e) {
          throw new IllegalStateException("a class path entry that is not a file: " + u, e);
        }
      }
      return String.join(java.io.File.pathSeparator, paths);
    }
    return System.getProperty("java.class.path");
  }
}
