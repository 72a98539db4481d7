package dev.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * How a cell runs its implementations: every warm-up before the first timed run, then rounds of one
 * timed run each with the order rotated, and an implementation that fails or is unavailable leaves
 * the rounds without stopping the others.
 */
class CellTest {
  private static final long[] OUTPUT = {1, 2, 3};

  /** What the fake variants did, in order: "warm FUSED_1T", "timed FUSED_PAR", "close ...". */
  private final List<String> calls = new ArrayList<>();
  private final ByteArrayOutputStream log = new ByteArrayOutputStream();

  private List<Measurement> run(Set<Impl> impls, int warmups, int reps, Impl failing, Impl unavailable) {
    boolean[] timing = {false};
    Workload.Prepared prepared = new Workload.Prepared() {
      @Override
      public long inputItems() {
        return 3;
      }

      @Override
      public long outputItems() {
        return 3;
      }

      @Override
      public Fingerprint expected() {
        return Fingerprint.of(OUTPUT);
      }

      @Override
      public Fingerprint fingerprint(Object output) {
        return Fingerprint.of((long[]) output);
      }

      @Override
      public Variant variant(Impl impl) throws Variant.Unavailable {
        if (impl == unavailable) {
          throw new Variant.Unavailable("no device here");
        }
        return new Variant() {
          int runs;

          @Override
          public Outcome run() {
            runs++;
            calls.add((runs > warmups ? "timed " : "warm ") + impl);
            if (impl == failing && runs == warmups + 2) {
              return new Outcome(new long[] {1, 2});
            }
            return new Outcome(OUTPUT.clone());
          }

          @Override
          public void close() {
            calls.add("close " + impl);
          }
        };
      }
    };
    Workload workload = new Workload() {
      @Override
      public String name() {
        return "fake";
      }

      @Override
      public String description() {
        return "three items";
      }

      @Override
      public long baseItems(boolean quick) {
        return 3;
      }

      @Override
      public Prepared prepare(long items) {
        return prepared;
      }
    };
    Bench.Config config = new Bench.Config(false, new int[] {1}, Set.of(), impls, warmups, 0, reps, reps, 0,
        Path.of("unused"));
    return new Cell(config, workload, 1, prepared, new PrintStream(log, true, StandardCharsets.UTF_8))
        .measure(impls);
  }

  @Test
  void warmsEveryImplementationUpThenTimesThemInRotatedRounds() {
    Set<Impl> impls = EnumSet.of(Impl.FUSED_1T, Impl.FUSED_PAR, Impl.STREAM_PAR);
    List<Measurement> ms = run(impls, 2, 3, null, null);

    assertEquals(List.of(
        "warm FUSED_1T", "warm FUSED_1T", "warm FUSED_PAR", "warm FUSED_PAR", "warm STREAM_PAR", "warm STREAM_PAR",
        "timed FUSED_1T", "timed FUSED_PAR", "timed STREAM_PAR",
        "timed FUSED_PAR", "timed STREAM_PAR", "timed FUSED_1T",
        "timed STREAM_PAR", "timed FUSED_1T", "timed FUSED_PAR",
        "close FUSED_1T", "close FUSED_PAR", "close STREAM_PAR"), calls);
    assertEquals(List.of(Impl.FUSED_1T, Impl.FUSED_PAR, Impl.STREAM_PAR), ms.stream().map(Measurement::impl).toList(),
        "one measurement per implementation, in their order");
    assertTrue(ms.stream().allMatch(m -> m.ok() && m.nanos().length == 3), ms::toString);
  }

  @Test
  void aWrongOutputEndsThatImplementationAloneAndAnUnavailableOneIsNa() {
    Set<Impl> impls = EnumSet.of(Impl.SLUICE_OPENCL, Impl.FUSED_1T, Impl.FUSED_PAR);
    List<Measurement> ms = run(impls, 1, 4, Impl.FUSED_1T, Impl.SLUICE_OPENCL);

    assertEquals(Measurement.Status.NA, ms.get(0).status());
    assertEquals("no device here", ms.get(0).note());
    assertEquals(Measurement.Status.FAILED, ms.get(1).status());
    assertTrue(ms.get(1).note().startsWith("OUTPUT DIFFERS FROM THE REFERENCE"), ms.get(1).note());
    assertEquals(1, calls.stream().filter("close FUSED_1T"::equals).count(), "closed once, when it failed");
    assertEquals(2, calls.stream().filter("timed FUSED_1T"::equals).count(), "no run after the wrong output");
    assertTrue(ms.get(2).ok() && ms.get(2).nanos().length == 4, ms.get(2)::toString);
    String text = log.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("fused-1t") && text.contains("!!! FAILED !!!"), text);
    assertTrue(text.contains("sluice-opencl") && text.contains("n/a: no device here"), text);
  }
}
