package dev.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The GPU targets of issue 16 are checked on rows that ran on an OpenCL GPU, and only there. */
class TargetsTest {
  private static final String GPU = "OpenCL NVIDIA H200 (GPU, NVIDIA Corporation)";
  private static final String CPU = "OpenCL pthread-haswell-AMD EPYC (CPU, The pocl project)";

  /** One measurement of {@code items} input items in {@code millis}. */
  private static Measurement m(String workload, int scale, Impl impl, long items, double millis, String note,
      double fill) {
    return new Measurement(workload, scale, items, items, impl, Measurement.Status.OK, note,
        new long[] {(long) (millis * 1e6)}, 0, fill, 0, 0, null);
  }

  private static Bench.Results results(String device, double blastOpenClMillis, double fill) {
    List<Workload> ws = Bench.workloads().stream()
        .filter(w -> w.name().equals("synthgain-1") || w.name().equals("blast")).toList();
    List<Measurement> all = new ArrayList<>();
    for (int scale : new int[] {1, 64}) {
      for (String w : new String[] {"synthgain-1", "blast"}) {
        long n = 1000L * scale;
        all.add(m(w, scale, Impl.SLUICE_CPU, n, 100, "JVM (16 cores)", Double.NaN));
        all.add(m(w, scale, Impl.FUSED_PAR, n, 100, "", Double.NaN));
        all.add(m(w, scale, Impl.APARAPI_STAGES, n, 40, "", Double.NaN));
        double openCl = w.equals("blast") && scale == 64 ? blastOpenClMillis : 10;
        all.add(m(w, scale, Impl.SLUICE_OPENCL, n, openCl, device, fill));
      }
    }
    Bench.Config c = new Bench.Config(false, new int[] {1, 64}, Set.of(), EnumSet.of(Impl.SLUICE_CPU,
        Impl.SLUICE_OPENCL, Impl.FUSED_PAR, Impl.APARAPI_STAGES), 1, 0, 3, 3, 1, Path.of("."));
    return new Bench.Results(c, Map.of(), ws, all);
  }

  private static Targets.Target target(Bench.Results r, String prefix) {
    return Targets.check(r).targets().stream().filter(t -> t.name().startsWith(prefix)).findFirst().orElseThrow();
  }

  @Test
  void onAGpuTheFusedKernelBlastAndFillAreChecked() {
    // 4x the per-stage kernels everywhere; BLAST at 64x 10.0x the CPU back end; fill 95%
    Bench.Results r = results(GPU, 10, 0.95);
    Targets.Target stages = target(r, "GPU: Sluice OpenCL >= 3x per-stage");
    assertEquals("MET", stages.verdict());
    assertEquals(2, stages.checked(), "the largest size only, both workloads");
    assertEquals("MET", target(r, "GPU: Sluice OpenCL >= 10x Sluice CPU").verdict());
    assertEquals(1, target(r, "GPU: Sluice OpenCL >= 10x Sluice CPU").checked(), "blast at 64x only");
    Targets.Target fill = target(r, "GPU: Sluice OpenCL vector fill");
    assertEquals("MET", fill.verdict());
    assertEquals(2, fill.checked(), "synthgain at both sizes");

    Bench.Results slow = results(GPU, 20, 0.85);
    assertEquals("MISSED", target(slow, "GPU: Sluice OpenCL >= 3x per-stage").verdict(), "blast at 2x the stages");
    Targets.Target blast = target(slow, "GPU: Sluice OpenCL >= 10x Sluice CPU");
    assertEquals("MISSED", blast.verdict());
    assertTrue(blast.rows().get(0).contains(": 5.00x (of the medians 5.00x)  missed"), blast.rows().toString());
    assertEquals("MISSED", target(slow, "GPU: Sluice OpenCL vector fill").verdict());
  }

  @Test
  void onAnOpenClCpuTheGpuTargetsAreNotApplicable() {
    Bench.Results r = results(CPU, 10, 0.95);
    for (String prefix : new String[] {"GPU: Sluice OpenCL >= 3x", "GPU: Sluice OpenCL >= 10x", "GPU: Sluice OpenCL vector"}) {
      assertEquals("n/a", target(r, prefix).verdict(), prefix);
    }
    assertEquals("MET", target(r, "Sluice OpenCL >= 2x per-stage").verdict(), "the device-independent one still is");
  }
}
