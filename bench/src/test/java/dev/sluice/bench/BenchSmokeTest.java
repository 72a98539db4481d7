package dev.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the benchmark in quick mode at one small size: every implementation of every workload must
 * match its reference (an implementation may only be n/a with a reason, e.g. OpenCL without a
 * device), and the results table and chart must be written.
 */
class BenchSmokeTest {
  @TempDir static Path out;

  /** One quick run for every test here. */
  private static Bench.Results results;
  private static String text;

  @BeforeAll
  static void run() {
    Bench.Config config = new Bench.Config(true, new int[] {1}, Set.of(), EnumSet.allOf(Impl.class), 1, 0, 1, 1, 0, out);
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    results = Bench.run(config, new PrintStream(log, true, StandardCharsets.UTF_8));
    text = log.toString(StandardCharsets.UTF_8);
  }

  @Test
  void quickRunMatchesEveryReference() throws Exception {

    assertEquals(Bench.workloads().size() * Impl.values().length, results.measurements().size(), text);
    assertTrue(results.failures().isEmpty(), () -> "failures: " + results.failures() + "\n" + text);
    for (Measurement m : results.measurements()) {
      if (m.status() == Measurement.Status.NA) {
        assertTrue(m.impl().openCl() && !m.note().isBlank(), () -> m + " is n/a without being an OpenCL implementation");
      }
    }
    for (Impl plain : new Impl[] {Impl.SLUICE_CPU, Impl.SLUICE_CPU_1T, Impl.FUSED_1T, Impl.FUSED_PAR,
        Impl.STREAM_PAR}) {
      assertTrue(results.measurements().stream().filter(m -> m.impl() == plain).allMatch(Measurement::ok), plain.id);
    }
    // the direct executor has no runs, so no vector fill; its report names it
    assertTrue(results.measurements().stream().filter(m -> m.impl() == Impl.SLUICE_CPU)
        .allMatch(m -> Double.isNaN(m.vectorFill()) && m.note().endsWith(", direct calls)")),
        "sluice-cpu runs the direct executor");
    assertTrue(results.measurements().stream().filter(m -> m.impl() == Impl.SLUICE_OPENCL && m.ok())
        .allMatch(m -> m.vectorFill() > 0 && m.vectorFill() <= 1), "vector fill from the run report");

    Path md = out.resolve("results.md");
    Files.writeString(md, ResultsWriter.markdown(results));
    String table = Files.readString(md);
    assertTrue(table.contains("| synthgain-1 | 1x |"), table);
    assertTrue(table.contains("| blast | 1x |"), table);
    assertTrue(results.find("blast", 1, Impl.FUSED_PAR).outputItems() > 0, "the synthetic BLAST input has hits");
    assertTrue(table.contains("## Machine"), table);
    assertFalse(Targets.check(results).text().isBlank());
  }

  /** The raw results file gives back the same tables (what Render draws from on another machine). */
  @Test
  void theRawResultsGiveTheSameTables() throws Exception {
    Path tsv = out.resolve(ResultsFile.NAME);
    ResultsFile.write(results, tsv);
    Bench.Results back = ResultsFile.read(tsv, out);
    assertEquals(ResultsWriter.markdown(results), ResultsWriter.markdown(back));
    assertEquals(Targets.check(results).text(), Targets.check(back).text());
    // two parts of one run join in table order
    List<Workload> ws = results.workloads();
    Bench.Results first = new Bench.Results(results.config(), results.machine(), ws.subList(0, 2),
        results.measurements().stream().filter(m -> m.workload().equals(ws.get(0).name())
            || m.workload().equals(ws.get(1).name())).toList());
    Bench.Results rest = new Bench.Results(results.config(), results.machine(), ws.subList(2, ws.size()),
        results.measurements().stream().filter(m -> first.measurements().stream().noneMatch(f -> f == m)).toList());
    assertEquals(ResultsWriter.markdown(results), ResultsWriter.markdown(Render.join(rest, first)));
  }

  /**
   * Java2D draws text through the machine's font libraries: a bare GPU machine runs the bench with
   * {@code -Dbench.chart=false} and its tests without the tag {@code chart} (bench/gpu-run.sh).
   */
  @Test
  @Tag("chart")
  void theChartIsDrawn() throws Exception {
    Chart.write(results, out.resolve("results.png"));
    assertTrue(Files.size(out.resolve("results.png")) > 1000);
  }
}
