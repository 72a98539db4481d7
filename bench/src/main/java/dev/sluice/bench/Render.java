package dev.sluice.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes results.md and results.png from one or more {@link ResultsFile}s, on a machine other than
 * the one that measured (a GPU machine without font libraries runs the bench with
 * {@code -Dbench.chart=false}). Several files are one run's parts (the same machine, one command):
 * their measurements are joined in the order of {@link Bench#workloads()}.
 *
 * <pre>
 * java -cp ... dev.sluice.bench.Render OUT_DIR results.tsv [more.tsv ...]
 * </pre>
 */
public final class Render {
  private Render() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: Render OUT_DIR results.tsv [more.tsv ...]");
      System.exit(2);
    }
    Path out = Path.of(args[0]);
    Bench.Results joined = null;
    for (int i = 1; i < args.length; i++) {
      Bench.Results r = ResultsFile.read(Path.of(args[i]), out);
      joined = joined == null ? r : join(joined, r);
    }
    Files.createDirectories(out);
    Files.writeString(out.resolve("results.md"), ResultsWriter.markdown(joined));
    Chart.write(joined, out.resolve("results.png"));
    ResultsFile.write(joined, out.resolve(ResultsFile.NAME));
    System.out.println(ResultsWriter.summary(joined));
    System.out.println(Targets.check(joined).text());
    System.out.println("wrote " + out.resolve("results.md") + " and results.png");
  }

  /** Two parts of one run: the first's settings and machine lines, both parts' workloads and measurements. */
  static Bench.Results join(Bench.Results a, Bench.Results b) {
    Map<String, Workload> byName = new LinkedHashMap<>();
    for (Workload w : Bench.workloads()) {
      if (a.workloads().stream().anyMatch(x -> x.name().equals(w.name()))
          || b.workloads().stream().anyMatch(x -> x.name().equals(w.name()))) {
        byName.put(w.name(), w);
      }
    }
    List<String> order = new ArrayList<>(byName.keySet());
    List<Measurement> all = new ArrayList<>(a.measurements());
    all.addAll(b.measurements());
    // each workload's measurements in the order they were taken, the workloads in table order
    all.sort(java.util.Comparator.comparingInt(m -> order.indexOf(m.workload())));
    return new Bench.Results(a.config(), a.machine(), List.copyOf(byName.values()), all);
  }
}
