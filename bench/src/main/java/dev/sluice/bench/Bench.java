package dev.sluice.bench;

import dev.sluice.bench.workloads.BlastWorkload;
import dev.sluice.bench.workloads.LineParserWorkload;
import dev.sluice.bench.workloads.SynthGainWorkload;
import dev.sluice.examples.synthgain.SynthGains;
import dev.sluice.runtime.RunReport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Set;

/**
 * Sluice against its peers. For every workload and input size (1x, 4x, 16x), every implementation
 * ({@link Impl}) runs on the same input: warm-ups, then timed repetitions in rounds, one run of each
 * implementation per round ({@link Cell}); each output is checked against the workload's plain-Java
 * reference (count and multiset checksum) before its time counts. Writes {@code docs/bench/results.md}
 * and {@code results.png} and prints a summary and the target check.
 *
 * <pre>
 * mvn -B -ntp -q install -DskipTests &amp;&amp; mvn -B -ntp -q -pl bench exec:java
 * mvn -B -ntp -q -pl bench exec:java -Dbench.quick=true     # smoke run, writes bench/target/bench-quick/
 * (a run of some workloads, implementations or sizes writes bench/target/bench-part/)
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
      // a name that matches nothing fails here, rather than leaving a run without what was asked for
      only.forEach(Bench::workload);
      ids.forEach(id -> impls.add(Impl.byId(id)));
      if (ids.isEmpty()) {
        impls.addAll(EnumSet.allOf(Impl.class));
      }
      int warmups = Integer.getInteger("bench.warmups", quick ? 1 : 2);
      // the JIT compiles the per-item code of every implementation during the first runs: short runs
      // (1x) need more than two of them to reach the code that runs at 16x
      double warmupSeconds = Double.parseDouble(System.getProperty("bench.warmup", quick ? "0" : "1"));
      int reps = Integer.getInteger("bench.reps", quick ? 2 : 7);
      double budget = Double.parseDouble(System.getProperty("bench.budget", quick ? "2" : "8"));
      String out = System.getProperty("bench.out");
      // only the full run replaces the committed results: a part of one (some workloads,
      // implementations or sizes) goes next to the quick run's
      boolean part = !only.isEmpty() || !ids.isEmpty() || System.getProperty("bench.scales") != null;
      Path dir = out != null ? Path.of(out)
          : quick ? projectRoot().resolve("bench/target/bench-quick")
          : part ? projectRoot().resolve("bench/target/bench-part") : projectRoot().resolve("docs/bench");
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
  public record Results(Config config, Map<String, String> machine, List<Workload> workloads,
      List<Measurement> measurements) {
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

    /**
     * How many times faster {@code impl} ran than the parallel hand-fused loop ({@link
     * Measurement#speedOver}); NaN when either did not run.
     */
    public double ratioToFusedPar(String workload, int scale, Impl impl) {
      Measurement m = find(workload, scale, impl);
      Measurement f = find(workload, scale, Impl.FUSED_PAR);
      if (m == null || f == null || !m.ok() || !f.ok()) {
        return Double.NaN;
      }
      return m.speedOver(f);
    }
  }

  /**
   * Property: {@code false} leaves out results.png. Java2D's text needs the machine's font libraries
   * (libharfbuzz, fontconfig), which a bare GPU machine lacks; {@link Render} draws it elsewhere from
   * {@link ResultsFile}.
   */
  static final String CHART = "bench.chart";

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

  /** The workload named {@code name}; a message listing the names if none is. */
  public static Workload workload(String name) {
    List<Workload> all = workloads();
    return all.stream().filter(w -> w.name().equals(name)).findFirst().orElseThrow(() -> new IllegalArgumentException(
        "no workload '" + name + "'; the workloads are " + all.stream().map(Workload::name).toList()));
  }

  public static void main(String[] args) throws IOException {
    Config config = Config.fromSystemProperties();
    Files.createDirectories(config.out());
    Path md = config.out().resolve("results.md");
    Path png = config.out().resolve("results.png");
    Path tsv = config.out().resolve(ResultsFile.NAME);
    // the results so far are written after each workload, so a run cut short (a time limit on a
    // borrowed GPU machine) still leaves every finished workload's table and raw measurements
    Results results = run(config, System.out, Fork.wanted(), partial -> {
      try {
        ResultsFile.write(partial, tsv);
        Files.writeString(md, ResultsWriter.markdown(partial));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    ResultsFile.write(results, tsv);
    Files.writeString(md, ResultsWriter.markdown(results));
    boolean chart = Boolean.parseBoolean(System.getProperty(CHART, "true"));
    if (chart) {
      Chart.write(results, png);
    } else {
      System.out.println("no chart (-D" + CHART + "=false): draw it from " + tsv + " with dev.sluice.bench.Render");
    }
    System.out.println();
    System.out.println(ResultsWriter.summary(results));
    System.out.println(Targets.check(results).text());
    System.out.println("wrote " + md + (chart ? " and " + png : ""));
    if (!results.failures().isEmpty()) {
      System.out.println("!!! " + results.failures().size() + " MEASUREMENT(S) FAILED: see above and " + md);
      System.exit(1);
    }
  }

  /** Runs every selected workload, size and implementation in this JVM; prints progress to {@code log}. */
  public static Results run(Config config, PrintStream log) {
    return run(config, log, false, partial -> { });
  }

  /**
   * {@link #run(Config, PrintStream)}, each workload in a JVM of its own if {@code fork} and there are
   * several ({@link Fork}), handing the results so far to {@code afterWorkload} after each workload.
   */
  public static Results run(Config config, PrintStream log, boolean fork,
      java.util.function.Consumer<Results> afterWorkload) {
    Machine.start();
    List<Workload> selected = new ArrayList<>();
    for (Workload w : workloads()) {
      if (config.only().isEmpty() || config.only().contains(w.name())) {
        selected.add(w);
      }
    }
    log.printf(Locale.ROOT, "Sluice benchmark%s: %d workload(s), scales %s, %d warm-up(s) and %.1f s of them,"
        + " %d-%d timed repetitions%n", config.quick() ? " (quick)" : "", selected.size(),
        Arrays.toString(config.scales()), config.warmups(), config.warmupSeconds(), config.minReps(), config.maxReps());
    boolean forked = fork && selected.size() > 1;
    Map<String, String> machine = new java.util.LinkedHashMap<>(Machine.describe());
    machine.put("JVMs", forked ? "one per workload, started for it (-D" + Fork.PROPERTY + "=false: this one for all)"
        : "one for every workload");
    machine.forEach((k, v) -> log.println("  " + k + ": " + v));
    List<Measurement> all = new ArrayList<>();
    for (Workload w : selected) {
      all.addAll(forked ? inItsOwnJvm(config, w, log) : measure(config, w, log));
      afterWorkload.accept(new Results(config, machine, selected.subList(0, selected.indexOf(w) + 1),
          List.copyOf(all)));
    }
    // the load average "now" as the run ends
    machine.putAll(Machine.describe());
    return new Results(config, machine, selected, all);
  }

  /** Every size and implementation of {@code w}, measured in this JVM. */
  private static List<Measurement> measure(Config config, Workload w, PrintStream log) {
    List<Measurement> out = new ArrayList<>();
    try {
      for (int scale : config.scales()) {
        long items = w.baseItems(config.quick()) * scale;
        long t0 = System.nanoTime();
        Workload.Prepared p = w.prepare(items);
        log.printf(Locale.ROOT, "%n== %s x%d: %d input items -> %d output items (input and reference in %.1f s)%n",
            w.name(), scale, p.inputItems(), p.outputItems(), (System.nanoTime() - t0) / 1e9);
        out.addAll(new Cell(config, w, scale, p, log).measure(config.impls()));
      }
    } finally {
      w.close();
    }
    return out;
  }

  /** {@link #measure}, in a JVM started for {@code w} ({@link Fork}). */
  private static List<Measurement> inItsOwnJvm(Config config, Workload w, PrintStream log) {
    log.printf(Locale.ROOT, "%n== %s: in a JVM of its own%n", w.name());
    try {
      return Fork.measure(config, w, log);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
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
