package dev.sluice.bench;

import dev.sluice.bench.workloads.BlastWorkload;
import dev.sluice.bench.workloads.LineParserWorkload;
import dev.sluice.bench.workloads.SynthGainWorkload;
import dev.sluice.examples.synthgain.SynthGains;
import dev.sluice.runtime.RunReport;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Sluice against its peers. For every workload and input size (1x, 4x, 16x), every implementation
 * ({@link Impl}) runs on the same input: warm-ups, then timed repetitions; each output is checked
 * against the workload's plain-Java reference (count and multiset checksum) before its time counts.
 * Writes {@code docs/bench/results.md} and {@code results.png} and prints a summary and the target
 * check.
 *
 * <pre>
 * mvn -B -ntp -q install -DskipTests &amp;&amp; mvn -B -ntp -q -pl bench exec:java
 * mvn -B -ntp -q -pl bench exec:java -Dbench.quick=true     # smoke run, writes bench/target/bench-quick/
 * </pre>
 *
 * System properties: {@code bench.quick} (small inputs, fewer repetitions, results under
 * {@code bench/target}), {@code bench.scales} (default {@code 1,4,16}), {@code bench.only}
 * (workload names), {@code bench.impls} (implementation ids), {@code bench.warmups},
 * {@code bench.warmup} (seconds of warm-up runs at least), {@code bench.reps}, {@code bench.budget} (seconds per measurement after the minimum repetitions),
 * {@code bench.out} (output folder), {@code bench.opencl} (OpenCL device index).
 */
public final class Bench {
  /** The settings of one benchmark run. */
  public record Config(boolean quick, int[] scales, Set<String> only, Set<Impl> impls, int warmups,
      double warmupSeconds, int minReps, int maxReps, double budgetSeconds, Path out) {

    /** Warm-ups stop here even if {@link #warmupSeconds} are not spent. */
    static final int MAX_WARMUPS = 100;

    public static Config fromSystemProperties() {
      boolean quick = Boolean.getBoolean("bench.quick");
      int[] scales = Arrays.stream(System.getProperty("bench.scales", "1,4,16").split(","))
          .map(String::trim).filter(s -> !s.isEmpty()).mapToInt(Integer::parseInt).toArray();
      Set<String> only = names(System.getProperty("bench.only", ""));
      Set<Impl> impls = EnumSet.noneOf(Impl.class);
      Set<String> ids = names(System.getProperty("bench.impls", ""));
      for (Impl i : Impl.values()) {
        if (ids.isEmpty() || ids.contains(i.id)) {
          impls.add(i);
        }
      }
      int warmups = Integer.getInteger("bench.warmups", quick ? 1 : 2);
      // the JIT compiles the per-item code of every implementation during the first runs: short runs
      // (1x) need more than two of them to reach the code that runs at 16x
      double warmupSeconds = Double.parseDouble(System.getProperty("bench.warmup", quick ? "0" : "1"));
      int reps = Integer.getInteger("bench.reps", quick ? 2 : 7);
      double budget = Double.parseDouble(System.getProperty("bench.budget", quick ? "2" : "8"));
      String out = System.getProperty("bench.out");
      Path dir = out != null ? Path.of(out)
          : quick ? projectRoot().resolve("bench/target/bench-quick") : projectRoot().resolve("docs/bench");
      return new Config(quick, scales, only, impls, warmups, warmupSeconds, Math.min(quick ? 2 : 5, reps), reps,
          budget, dir);
    }

    private static Set<String> names(String list) {
      Set<String> s = new java.util.LinkedHashSet<>();
      for (String x : list.split(",")) {
        if (!x.isBlank()) {
          s.add(x.trim());
        }
      }
      return s;
    }
  }

  /** Everything one run measured. */
  public record Results(Config config, List<Workload> workloads, List<Measurement> measurements) {
    public List<Measurement> failures() {
      return measurements.stream().filter(m -> m.status() == Measurement.Status.FAILED).toList();
    }

    /** The measurement of {@code impl} on {@code workload} at {@code scale}, or null. */
    public Measurement find(String workload, int scale, Impl impl) {
      for (Measurement m : measurements) {
        if (m.workload().equals(workload) && m.scale() == scale && m.impl() == impl) {
          return m;
        }
      }
      return null;
    }

    /** items/s of {@code impl} divided by that of the parallel hand-fused loop; NaN when either did not run. */
    public double ratioToFusedPar(String workload, int scale, Impl impl) {
      Measurement m = find(workload, scale, impl);
      Measurement f = find(workload, scale, Impl.FUSED_PAR);
      if (m == null || f == null || !m.ok() || !f.ok()) {
        return Double.NaN;
      }
      return m.itemsPerSecond() / f.itemsPerSecond();
    }
  }

  private Bench() {}

  /** The workloads in table order. Add a workload here (one class implementing {@link Workload}). */
  public static List<Workload> workloads() {
    List<Workload> all = new ArrayList<>();
    for (float gain : SynthGains.BENCHMARK_GAINS) {
      all.add(new SynthGainWorkload(gain));
    }
    all.add(new LineParserWorkload());
    all.add(new BlastWorkload());
    return all;
  }

  public static void main(String[] args) throws IOException {
    Config config = Config.fromSystemProperties();
    Results results = run(config, System.out);
    Files.createDirectories(config.out());
    Path md = config.out().resolve("results.md");
    Path png = config.out().resolve("results.png");
    Files.writeString(md, ResultsWriter.markdown(results));
    Chart.write(results, png);
    System.out.println();
    System.out.println(ResultsWriter.summary(results));
    System.out.println(Targets.check(results).text());
    System.out.println("wrote " + md + " and " + png);
    if (!results.failures().isEmpty()) {
      System.out.println("!!! " + results.failures().size() + " MEASUREMENT(S) FAILED: see above and " + md);
      System.exit(1);
    }
  }

  /** Runs every selected workload, size and implementation; prints progress to {@code log}. */
  public static Results run(Config config, PrintStream log) {
    Machine.startLoad = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    List<Workload> selected = new ArrayList<>();
    for (Workload w : workloads()) {
      if (config.only().isEmpty() || config.only().contains(w.name())) {
        selected.add(w);
      }
    }
    log.printf(Locale.ROOT, "Sluice benchmark%s: %d workload(s), scales %s, %d warm-up(s) and %.1f s of them,"
        + " %d-%d timed repetitions%n", config.quick() ? " (quick)" : "", selected.size(),
        Arrays.toString(config.scales()), config.warmups(), config.warmupSeconds(), config.minReps(), config.maxReps());
    Machine.describe().forEach((k, v) -> log.println("  " + k + ": " + v));
    List<Measurement> all = new ArrayList<>();
    for (Workload w : selected) {
      try {
        for (int scale : config.scales()) {
          long items = w.baseItems(config.quick()) * scale;
          long t0 = System.nanoTime();
          Workload.Prepared p = w.prepare(items);
          log.printf(Locale.ROOT, "%n== %s x%d: %d input items -> %d output items (input and reference in %.1f s)%n",
              w.name(), scale, p.inputItems(), p.outputItems(), (System.nanoTime() - t0) / 1e9);
          for (Impl impl : config.impls()) {
            Measurement m = measure(config, w, scale, p, impl, log);
            all.add(m);
          }
        }
      } finally {
        w.close();
      }
    }
    return new Results(config, selected, all);
  }

  /** Heap in use now, summed over the heap's pools. */
  private static long used(List<MemoryPoolMXBean> pools) {
    return pools.stream().mapToLong(b -> b.getUsage().getUsed()).sum();
  }

  private static Measurement measure(Config config, Workload w, int scale, Workload.Prepared p, Impl impl,
      PrintStream log) {
    List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(b -> b.getType() == MemoryType.HEAP && b.isValid()).toList();
    long peak = 0;
    List<Long> times = new ArrayList<>();
    List<Long> driver = new ArrayList<>();
    RunReport report = null;
    long deviceBytes = 0;
    String head = String.format(Locale.ROOT, "  %-15s", impl.id);
    try (Variant v = p.variant(impl)) {
      long warm = System.nanoTime();
      for (int i = 0; i < config.warmups()
          || (i < Config.MAX_WARMUPS && System.nanoTime() - warm < config.warmupSeconds() * 1e9); i++) {
        Variant.Outcome o = v.run();
        check(p, o);
      }
      long spent = 0;
      for (int i = 0; i < config.maxReps(); i++) {
        if (i >= config.minReps() && spent > config.budgetSeconds() * 1e9) {
          break;
        }
        // the heap one run needs: its peak over what was in use after a GC just before it (the warm-ups'
        // garbage, which a peak over many runs would add, depends on when the collector ran)
        System.gc();
        long baseline = used(pools);
        pools.forEach(MemoryPoolMXBean::resetPeakUsage);
        long t0 = System.nanoTime();
        Variant.Outcome o = v.run();
        long t = System.nanoTime() - t0;
        peak = Math.max(peak, pools.stream().mapToLong(b -> b.getPeakUsage().getUsed()).sum() - baseline);
        check(p, o);   // before the time counts
        times.add(t);
        spent += t;
        if (o.report() != null) {
          report = o.report();
          driver.add(report.nanos());
        }
      }
      deviceBytes = v.deviceBytes();
    } catch (Variant.Unavailable e) {
      log.println(head + " n/a: " + e.getMessage());
      return new Measurement(w.name(), scale, p.inputItems(), p.outputItems(), impl, Measurement.Status.NA,
          e.getMessage(), new long[0], 0, Double.NaN, 0, 0, null);
    } catch (Throwable e) {
      String why = e instanceof Mismatch ? e.getMessage() : e.toString();
      log.println(head + " !!! FAILED !!! " + why);
      if (!(e instanceof Mismatch)) {
        e.printStackTrace(log);
      }
      return new Measurement(w.name(), scale, p.inputItems(), p.outputItems(), impl, Measurement.Status.FAILED,
          why, new long[0], 0, Double.NaN, 0, 0, null);
    }
    double fill = report == null ? Double.NaN : fill(report);
    Measurement m = new Measurement(w.name(), scale, p.inputItems(), p.outputItems(), impl, Measurement.Status.OK,
        report == null ? "" : report.device(), times.stream().mapToLong(Long::longValue).toArray(),
        driver.isEmpty() ? 0 : driver.stream().sorted().toList().get(driver.size() / 2), fill, peak,
        deviceBytes, report == null ? null : report.toString());
    log.printf(Locale.ROOT, "%s %9.2f ms  ±%4.1f%%  %10.3g items/s%s%s  peak heap +%d MiB%s%n", head,
        m.medianNanos() / 1e6, 100 * m.spread(), m.itemsPerSecond(),
        m.driverNanos() > 0 ? String.format(Locale.ROOT, "  (driver %.2f ms)", m.driverNanos() / 1e6) : "",
        Double.isNaN(fill) ? "" : String.format(Locale.ROOT, "  fill %.1f%%", 100 * fill), Machine.mib(peak),
        deviceBytes > 0 ? "  device " + Machine.mib(deviceBytes) + " MiB" : "");
    return m;
  }

  /**
   * Vector fill of a Sluice run: the fraction of a run's lanes that had an item, averaged over every
   * run of every node (the source excluded), so stages that run more weigh more.
   */
  static double fill(RunReport r) {
    double filled = 0;
    long runs = 0;
    for (RunReport.StageStats s : r.stages()) {
      if (s.kind().equals("SOURCE") || s.runs() == 0) {
        continue;
      }
      filled += s.vectorFill() * s.runs();
      runs += s.runs();
    }
    return runs == 0 ? Double.NaN : filled / runs;
  }

  private static void check(Workload.Prepared p, Variant.Outcome o) {
    Fingerprint got = p.fingerprint(o.output());
    if (!got.equals(p.expected())) {
      throw new Mismatch("OUTPUT DIFFERS FROM THE REFERENCE: expected " + p.expected() + ", got " + got);
    }
  }

  /** An output that is not the reference's. */
  static final class Mismatch extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Mismatch(String message) {
      super(message);
    }
  }

  /** The repository root: the folder with {@code bench/pom.xml}, from the working directory up. */
  static Path projectRoot() {
    Path p = Path.of("").toAbsolutePath();
    for (Path q = p; q != null; q = q.getParent()) {
      if (Files.exists(q.resolve("bench/pom.xml")) && Files.exists(q.resolve("pom.xml"))) {
        return q;
      }
    }
    return p;
  }
}
