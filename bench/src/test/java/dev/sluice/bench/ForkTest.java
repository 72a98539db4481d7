package dev.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each workload measured in a JVM of its own comes back as if measured here, in the run's settings. */
class ForkTest {
  @TempDir Path out;

  @Test
  void eachWorkloadRunsInAJvmOfItsOwn() {
    Bench.Config config = new Bench.Config(true, new int[] {1}, Set.of("synthgain-1", "lineparser"),
        EnumSet.of(Impl.SLUICE_CPU_1T, Impl.FUSED_1T), 1, 0, 1, 1, 0, out);
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    Bench.Results r = Bench.run(config, new PrintStream(log, true, StandardCharsets.UTF_8), true, partial -> { });
    String text = log.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("== synthgain-1: in a JVM of its own") && text.contains("== lineparser: in a JVM of its own"),
        text);
    // the child's own lines: one workload, the quick settings and one size, as given here
    assertTrue(text.contains("JVMs: one for every workload"), text);
    assertTrue(text.contains("Sluice benchmark (quick): 1 workload(s), scales [1]"), text);
    assertEquals("one per workload, started for it (-Dbench.fork=false: this one for all)", r.machine().get("JVMs"));
    assertEquals(4, r.measurements().size(), r.measurements().toString());
    for (Measurement m : r.measurements()) {
      assertEquals(Measurement.Status.OK, m.status(), m.toString());
      assertEquals(1, m.nanos().length, "one timed repetition, as the settings say");
    }
    assertTrue(r.find("synthgain-1", 1, Impl.SLUICE_CPU_1T).speedOver(r.find("synthgain-1", 1, Impl.FUSED_1T)) > 0);
  }
}
