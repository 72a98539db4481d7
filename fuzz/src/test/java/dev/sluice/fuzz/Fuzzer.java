package dev.sluice.fuzz;

import dev.sluice.fuzz.Spec.Field;
import dev.sluice.fuzz.Spec.Role;
import dev.sluice.fuzz.Spec.Stage;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.RunReport;
import dev.sluice.runtime.testing.SliceSize;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Generates pipelines, compiles them in batches with the processor, runs each on the CPU back end
 * (1 and 2 instances, chunks of 1 to 16384, run/runChunks/runColumns) and on OpenCL (several slice
 * sizes, and a second run of one pipeline object with new {@code @Param} data), and compares every
 * sink and reduction with {@link Reference} as multisets.
 */
final class Fuzzer {
  /** A pipeline that did not give the reference's answer everywhere (or did not compile). */
  record Failure(Spec spec, Path sources, List<String> problems) {
    /** The failure's block; {@code flags}: the run's {@code -Dfuzz.features} and {@code -Dfuzz.backends}, which replay needs. */
    String text(String flags) {
      StringBuilder b = new StringBuilder();
      b.append("FUZZ FAILURE ").append(spec.describe()).append("\n");
      b.append("  sources:   ").append(sources).append("\n");
      b.append("  reproduce: mvn -pl fuzz verify -Dtest=PipelineFuzzTest -Dfuzz.seed=").append(spec.seed).append(flags)
          .append("\n");
      for (String p : problems) {
        b.append("  - ").append(p.replace("\n", "\n    ")).append("\n");
      }
      return b.toString();
    }
  }

  private final Set<String> features;
  /** Seeds generated with other features than {@link #features}: see {@link #withFeatures}. */
  private final Map<Long, Set<String>> featuresOf = new HashMap<>();
  private final Device opencl;
  private final boolean cpu;
  private final PrintStream log;
  /**
   * The items in and out of each stage and into each sink that the first run of each param variant of
   * the pipeline now checked reported: every later run of that variant, on any back end and input form,
   * must report the same counts (the report is part of the answer).
   */
  private final Map<Integer, String> countsOf = new HashMap<>();
  int pipelines;
  int runs;

  Fuzzer(Set<String> features, boolean cpu, Device opencl, PrintStream log) {
    this.features = features;
    this.cpu = cpu;
    this.opencl = opencl;
    this.log = log;
  }

  /** Generates {@code seed} with {@code f} instead of the fuzzer's features. */
  Fuzzer withFeatures(long seed, Set<String> f) {
    featuresOf.put(seed, f);
    return this;
  }

  List<Failure> run(List<Long> seeds, int batch) {
    List<Failure> failures = new ArrayList<>();
    for (int i = 0; i < seeds.size(); i += batch) {
      List<Spec> specs = new ArrayList<>();
      for (long seed : seeds.subList(i, Math.min(seeds.size(), i + batch))) {
        specs.add(new Generator(featuresOf.getOrDefault(seed, features)).generate(seed));
      }
      failures.addAll(batch(specs));
    }
    return failures;
  }

  private List<Failure> batch(List<Spec> specs) {
    Map<String, String> sources = new LinkedHashMap<>();
    for (Spec s : specs) {
      sources.putAll(JavaWriter.sources(s));
    }
    List<Failure> failures = new ArrayList<>();
    InProcessCompiler.Compiled compiled;
    long t0 = System.nanoTime();
    try {
      compiled = InProcessCompiler.compile(sources);
      log.printf("fuzz: compiled %d pipelines in %.1f s%n", specs.size(), (System.nanoTime() - t0) / 1e9);
    } catch (InProcessCompiler.CompileFailed e) {
      // find the pipeline(s) the processor rejected: a generator bug or a processor bug, either way a failure
      for (Spec s : specs) {
        failures.addAll(batch(s));
      }
      return failures;
    }
    for (Spec s : specs) {
      Failure f = check(s, compiled);
      if (f != null) {
        failures.add(f);
      }
    }
    if (failures.isEmpty()) {
      compiled.delete();
    }
    return failures;
  }

  private List<Failure> batch(Spec s) {
    try {
      InProcessCompiler.Compiled c = InProcessCompiler.compile(JavaWriter.sources(s));
      Failure f = check(s, c);
      if (f == null) {
        c.delete();
        return List.of();
      }
      return List.of(f);
    } catch (InProcessCompiler.CompileFailed e) {
      List<String> errors = e.diagnostics.stream().filter(d -> d.startsWith("ERROR")).limit(5).toList();
      Path where = Path.of(e.getMessage().replaceAll("(?s)^compilation failed \\(sources in ([^)]*)\\).*", "$1"));
      // no error: the generated sources compiled, with warnings (InProcessCompiler fails those too)
      String what = errors.isEmpty() ? "generated sources with warnings: " : "does not compile: ";
      List<String> shown = errors.isEmpty() ? e.diagnostics.stream().limit(5).toList() : errors;
      return List.of(new Failure(s, where.resolve(s.pkg), List.of(what + String.join("\n", shown))));
    }
  }

  private Failure check(Spec spec, InProcessCompiler.Compiled compiled) {
    pipelines++;
    countsOf.clear();
    List<Object> input = spec.input;
    List<String> problems = new ArrayList<>();
    FuzzDriver d;
    try {
      d = (FuzzDriver) compiled.load(spec.pkg + ".Driver").getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | RuntimeException | AssertionError e) {
      problems.add("driver: " + e);
      return new Failure(spec, compiled.sources().resolve(spec.pkg), problems);
    }
    boolean params = spec.stages.stream().flatMap(st -> st.fields.stream())
        .anyMatch(f -> f.role == Role.PARAM || f.role == Role.PARAM_ARRAY);
    Map<String, Object> expected0;
    Map<String, Object> expected1;
    try {
      expected0 = Reference.expected(spec, 0);
      expected1 = params ? Reference.expected(spec, 1) : expected0;
    } catch (RuntimeException e) {
      problems.add("the reference interpreter failed (a fuzzer bug): " + describe(e));
      return new Failure(spec, compiled.sources().resolve(spec.pkg), problems);
    }
    boolean record = spec.source().inType.isRecord();
    // runRange where the input is a range: in place of one plain run per back end
    int plain = spec.range ? 3 : 0;
    long t0 = System.nanoTime();
    if (cpu) {
      Device c = Device.cpu();
      once(d, problems, "cpu instances=1 chunk=1", c, 1, 1, new int[] {0}, new int[] {0}, input, expected0, expected1);
      int chunk = 2 + (int) Long.remainderUnsigned(spec.seed * 31 + 7, 63);
      once(d, problems, "cpu instances=2 chunk=" + chunk, c, 2, chunk, new int[] {1, record ? 2 : 0},
          new int[] {0, 1}, input, expected0, expected1);
      once(d, problems, "cpu instances=2 chunk=16384", c, 2, 16384, new int[] {plain}, new int[] {0}, input, expected0,
          expected1);
      // the queued scheduler (the protocol as the kernel runs it) on the same pipeline
      once(d, problems, "cpu scheduled instances=2 chunk=" + chunk, Device.cpuScheduled(), 2, chunk,
          new int[] {1, record ? 2 : plain}, new int[] {0, 1}, input, expected0, expected1);
    }
    long t1 = System.nanoTime();
    if (opencl != null && spec.cpuOnly) {
      // named, the OpenCL device must refuse a gpu = false pipeline, with the reason
      String refusal = refusal(d, input);
      if (refusal != null) {
        problems.add("opencl (gpu = false): " + refusal);
      }
    } else if (opencl != null) {
      // one pipeline object (building a kernel costs seconds on PoCL): slices of every size, the
      // factories' new @Param data on the second run, run/runChunks/runColumns
      int groups = (int) (spec.seed & 1) * 2;
      int chunk = (spec.seed & 2) == 0 ? 16384 : 5;
      once(d, problems, "opencl instances=" + (groups == 0 ? "default" : groups) + " chunk=" + chunk, opencl, groups,
          chunk, new int[] {0, plain, 1, record ? 2 : 0}, new int[] {0, 1, 0, 0}, input, expected0, expected1, 0, 7, 64, 3);
    }
    Object failure = expected0.get(Reference.FAILURE);
    log.printf("fuzz: seed %d: %d items, cpu %.1f s, opencl %.1f s%s%s%n", spec.seed, input.size(), (t1 - t0) / 1e9,
        (System.nanoTime() - t1) / 1e9, failure == null ? "" : ", fails at " + failure,
        problems.isEmpty() ? "" : ", " + problems.size() + " problem(s)");
    return problems.isEmpty() ? null : new Failure(spec, compiled.sources().resolve(spec.pkg), problems);
  }

  /** Null if a run of this gpu = false pipeline on the named OpenCL device fails with the reason; else what it did. */
  private String refusal(FuzzDriver d, List<Object> input) {
    String reason = "@Pipeline(gpu = false) keeps it on the CPU back end";
    try {
      d.variant(0);
      d.run(d.build(opencl, 0, 16384), input, 0);
      return "ran, instead of failing with '" + reason + "'";
    } catch (Throwable t) {
      runs++;
      String m = String.valueOf(t.getMessage());
      return m.contains(reason) ? null : "expected a failure with '" + reason + "', threw " + describe(t);
    }
  }

  /**
   * Builds one pipeline object and runs it once per entry of {@code modes}, with the param variant
   * and (on OpenCL) the slice size of the same index; slice 0 is the default.
   */
  private void once(FuzzDriver d, List<String> problems, String what, Device device, int instances, int chunk,
      int[] modes, int[] variants, List<Object> input, Map<String, Object> e0, Map<String, Object> e1, int... slices) {
    Object pipeline;
    try {
      d.variant(variants[0]);
      pipeline = d.build(device, instances, chunk);
    } catch (Throwable t) {
      problems.add(what + ": build threw " + describe(t));
      return;
    }
    for (int i = 0; i < modes.length; i++) {
      int variant = variants[i];
      int mode = modes[i];
      int slice = slices.length > i ? slices[i] : 0;
      String run = what + " " + (mode == 0 ? "run" : mode == 1 ? "runChunks" : mode == 2 ? "runColumns" : "runRange")
          + (slice > 0 ? " slice=" + slice : "") + (i > 0 && variant != variants[0] ? " (same object, new @Param data)"
          : i > 0 ? " (same object again)" : "");
      d.variant(variant);
      Map<String, Object>[] got = new Map[1];
      Throwable[] thrown = new Throwable[1];
      Runnable body = () -> {
        try {
          got[0] = d.run(pipeline, input, mode);
        } catch (Throwable t) {
          thrown[0] = t;
          if (Boolean.getBoolean("fuzz.trace")) {
            t.printStackTrace(log);
          }
        }
      };
      runs++;
      if (slice > 0) {
        SliceSize.with(slice, body);
      } else {
        body.run();
      }
      Object failure = (variant == 0 ? e0 : e1).get(Reference.FAILURE);
      if (failure != null) {
        // the reference failed at the one stage that may: every back end must fail there, the same way
        if (thrown[0] == null) {
          problems.add(run + ": expected the run to fail (" + failure + "), but it returned results");
        } else if (!failure.equals(failureOf(thrown[0]))) {
          problems.add(run + ": expected a failure " + failure + ", threw " + describe(thrown[0]));
        }
        continue;
      }
      if (thrown[0] != null) {
        problems.add(run + ": threw " + describe(thrown[0]));
        continue;
      }
      String diff = compare(variant == 0 ? e0 : e1, got[0]);
      RunReport report = (RunReport) got[0].get("@report");
      if (report != null) {
        String counts = counts(report);
        String first = countsOf.putIfAbsent(variant, run + ": " + counts);
        if (first != null && !first.endsWith(": " + counts)) {
          diff = (diff == null ? "" : diff + "\n") + "reported the counts " + counts + ", where " + first;
        }
      }
      if (report != null && report.device().contains("instead of")) {
        diff = (diff == null ? "" : diff + "\n") + "moved off the device: " + report.device();
      }
      if (diff != null) {
        problems.add(run + ": " + diff);
      }
    }
  }

  /** Each stage's items in and out and each sink's items, as a report says them: {@code name in/out, ...}. */
  static String counts(RunReport r) {
    StringBuilder b = new StringBuilder();
    for (RunReport.StageStats s : r.stages()) {
      b.append(s.name()).append(' ').append(s.itemsIn()).append('/').append(s.itemsOut()).append(", ");
    }
    for (RunReport.SinkStats s : r.sinks()) {
      b.append(s.name()).append(' ').append(s.items()).append(", ");
    }
    return b.substring(0, b.length() - 2);
  }

  /**
   * {@code "<node>: <kind>"} for a {@link PipelineException} (in {@code t}'s causes) that a generated
   * failure explains, as {@link Reference#FAILURE} names it; else {@link #describe}.
   */
  static String failureOf(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof PipelineException p) {
        Throwable cause = p.getCause();
        String m = p.getMessage();
        String kind = cause instanceof ArithmeticException && m.contains("ArithmeticException: / by zero") ? "divide"
            : cause instanceof ArrayIndexOutOfBoundsException && m.contains("ArrayIndexOutOfBoundsException: Index ")
                ? "index"
            : m.contains(": pushed more than @Max(") ? "max"
            : m.contains(": count(parent) returned ") ? "count"
            : cause instanceof IllegalStateException && m.contains(": IllegalStateException: " + Stmt.Throw.MESSAGE)
                ? "throw"
            : null;
        return kind == null ? describe(t) : p.node() + ": " + kind;
      }
    }
    return describe(t);
  }

  /** The exception and message, and the root cause's class and message when it is another exception. */
  static String describe(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String s = t.getClass().getName() + ": " + firstLine(t.getMessage());
    if (root != t) {
      s += " / root cause " + root.getClass().getName() + ": " + firstLine(root.getMessage());
    }
    return s;
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    String l = s.lines().findFirst().orElse("");
    return l.length() > 400 ? l.substring(0, 400) + "..." : l;
  }

  /** Null when {@code got} has every expected sink and reduction, as multisets; else what differs. */
  static String compare(Map<String, Object> expected, Map<String, Object> got) {
    List<String> diffs = new ArrayList<>();
    for (Map.Entry<String, Object> e : expected.entrySet()) {
      Object g = got.get(e.getKey());
      if (e.getValue() instanceof List<?> want) {
        String d = multisetDiff(want, (List<?>) g);
        if (d != null) {
          diffs.add("sink " + e.getKey() + ": " + d);
        }
      } else if (!Objects.equals(e.getValue(), g)) {
        diffs.add("reduction " + e.getKey() + ": expected " + e.getValue() + ", got " + g);
      }
    }
    return diffs.isEmpty() ? null : String.join("; ", diffs);
  }

  static String multisetDiff(List<?> want, List<?> got) {
    Map<Object, Integer> count = new HashMap<>();
    for (Object o : want) {
      count.merge(o, 1, Integer::sum);
    }
    for (Object o : got) {
      count.merge(o, -1, Integer::sum);
    }
    List<String> missing = new ArrayList<>();
    List<String> extra = new ArrayList<>();
    for (Map.Entry<Object, Integer> e : count.entrySet()) {
      if (e.getValue() > 0) {
        missing.add(e.getKey() + (e.getValue() > 1 ? "x" + e.getValue() : ""));
      } else if (e.getValue() < 0) {
        extra.add(e.getKey() + (e.getValue() < -1 ? "x" + -e.getValue() : ""));
      }
    }
    if (missing.isEmpty() && extra.isEmpty()) {
      return null;
    }
    return "expected " + want.size() + " items, got " + got.size() + "; missing " + head(missing) + ", extra "
        + head(extra);
  }

  private static String head(List<String> l) {
    return l.size() <= 5 ? l.toString() : l.subList(0, 5) + " (+" + (l.size() - 5) + " more)";
  }
}
