package dev.sluice.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A run's raw results as tab-separated text (results.tsv beside results.md): the settings, the machine
 * lines and every measurement with its repetition times, enough to write the tables and the chart
 * again on another machine ({@link Render}). Lines starting {@code #config} and {@code #machine} hold
 * settings; every other line after the header is one measurement. Tabs, newlines and backslashes in
 * text are escaped as {@code \t}, {@code \n} and {@code \\}.
 */
final class ResultsFile {
  static final String NAME = "results.tsv";

  private static final String HEADER = "workload\tscale\tinputItems\toutputItems\timpl\tstatus\tnote\tnanos"
      + "\tdriverNanos\tvectorFill\tpeakHeapBytes\tdeviceBytes\treport";

  private ResultsFile() {}

  static void write(Bench.Results r, Path file) throws IOException {
    Bench.Config c = r.config();
    StringBuilder b = new StringBuilder();
    config(b, "quick", String.valueOf(c.quick()));
    config(b, "scales", Arrays.toString(c.scales()).replaceAll("[\\[\\] ]", ""));
    config(b, "impls", String.join(",", c.impls().stream().map(i -> i.id).toList()));
    config(b, "warmups", String.valueOf(c.warmups()));
    config(b, "warmupSeconds", String.valueOf(c.warmupSeconds()));
    config(b, "minReps", String.valueOf(c.minReps()));
    config(b, "maxReps", String.valueOf(c.maxReps()));
    config(b, "budgetSeconds", String.valueOf(c.budgetSeconds()));
    config(b, "workloads", String.join(",", r.workloads().stream().map(Workload::name).toList()));
    for (Map.Entry<String, String> e : r.machine().entrySet()) {
      b.append("#machine\t").append(escape(e.getKey())).append('\t').append(escape(e.getValue())).append('\n');
    }
    b.append(HEADER).append('\n');
    for (Measurement m : r.measurements()) {
      b.append(String.join("\t", escape(m.workload()), String.valueOf(m.scale()), String.valueOf(m.inputItems()),
          String.valueOf(m.outputItems()), m.impl().id, m.status().name(), escape(m.note()),
          String.join(",", Arrays.stream(m.nanos()).mapToObj(String::valueOf).toList()),
          String.valueOf(m.driverNanos()), String.format(Locale.ROOT, "%s", m.vectorFill()),
          String.valueOf(m.peakHeapBytes()), String.valueOf(m.deviceBytes()), escape(m.report()))).append('\n');
    }
    Files.writeString(file, b);
  }

  /** The results in {@code file}, with the workloads of {@link Bench#workloads()} it names. */
  static Bench.Results read(Path file, Path out) throws IOException {
    Map<String, String> config = new LinkedHashMap<>();
    Map<String, String> machine = new LinkedHashMap<>();
    List<Measurement> measurements = new ArrayList<>();
    List<String> lines = Files.readAllLines(file);
    for (int n = 0; n < lines.size(); n++) {
      String line = lines.get(n);
      String[] f = line.split("\t", -1);
      try {
        if (f[0].equals("#config")) {
          config.put(f[1], unescape(f[2]));
        } else if (f[0].equals("#machine")) {
          machine.put(unescape(f[1]), unescape(f[2]));
        } else if (!line.equals(HEADER) && !line.isEmpty()) {
          long[] nanos = f[7].isEmpty() ? new long[0] : Arrays.stream(f[7].split(",")).mapToLong(Long::parseLong).toArray();
          measurements.add(new Measurement(unescape(f[0]), Integer.parseInt(f[1]), Long.parseLong(f[2]),
              Long.parseLong(f[3]), Impl.byId(f[4]), Measurement.Status.valueOf(f[5]), unescape(f[6]), nanos,
              Long.parseLong(f[8]), Double.parseDouble(f[9]), Long.parseLong(f[10]), Long.parseLong(f[11]),
              f[12].equals("null") ? null : unescape(f[12])));
        }
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(file + ":" + (n + 1) + ": not a results line (" + e + "): " + line, e);
      }
    }
    Set<Impl> impls = EnumSet.noneOf(Impl.class);
    for (String id : config.getOrDefault("impls", "").split(",")) {
      impls.add(Impl.byId(id));
    }
    int[] scales = Arrays.stream(config.getOrDefault("scales", "").split(",")).mapToInt(Integer::parseInt).toArray();
    Set<String> names = new LinkedHashSet<>(Arrays.asList(config.getOrDefault("workloads", "").split(",")));
    List<Workload> workloads = Bench.workloads().stream().filter(w -> names.contains(w.name())).toList();
    int minReps = Integer.parseInt(config.get("minReps"));
    Bench.Config c = new Bench.Config(Boolean.parseBoolean(config.get("quick")), scales, names, impls,
        Integer.parseInt(config.get("warmups")), Double.parseDouble(config.get("warmupSeconds")), minReps,
        Integer.parseInt(config.get("maxReps")), Double.parseDouble(config.get("budgetSeconds")), out);
    return new Bench.Results(c, machine, workloads, measurements);
  }

  private static void config(StringBuilder b, String key, String value) {
    b.append("#config\t").append(key).append('\t').append(escape(value)).append('\n');
  }

  static String escape(String s) {
    if (s == null) {
      return "null";
    }
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n");
  }

  static String unescape(String s) {
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (ch == '\\' && i + 1 < s.length()) {
        char next = s.charAt(++i);
        b.append(next == 't' ? '\t' : next == 'n' ? '\n' : next);
      } else {
        b.append(ch);
      }
    }
    return b.toString();
  }
}
