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
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the benchmark in quick mode at one small size: every implementation of every workload must
 * match its reference (an implementation may only be n/a with a reason, e.g. OpenCL without a
 * device), and the results table and chart must be written.
 */
class BenchSmokeTest {
  @TempDir Path out;

  @Test
  void quickRunMatchesEveryReference() throws Exception {
    Bench.Config config = new Bench.Config(true, new int[] {1}, Set.of(), EnumSet.allOf(Impl.class), 1, 0, 1, 1, 0, out);
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Bench.Results results = Bench.run(config, new PrintStream(log, true, StandardCharsets.UTF_8));
    String text = log.toString(StandardCharsets.UTF_8);

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
    Chart.write(results, out.resolve("results.png"));
    String table = Files.readString(md);
    assertTrue(table.contains("| synthgain-1 | 1x |"), table);
    assertTrue(table.contains("| blast | 1x |"), table);
    assertTrue(results.find("blast", 1, Impl.FUSED_PAR).outputItems() > 0, "the synthetic BLAST input has hits");
    assertTrue(table.contains("## Machine"), table);
    assertTrue(Files.size(out.resolve("results.png")) > 1000);
    assertFalse(Targets.check(results).text().isBlank());
  }
}
