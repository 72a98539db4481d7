package dev.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Workloads and implementations named on the command line: a name that matches none stops the run
 * with the names there are, instead of a run without what was asked for.
 */
class NamesTest {
  @AfterEach
  void clear() {
    System.clearProperty("bench.only");
    System.clearProperty("bench.impls");
  }

  @Test
  void namesFindTheirWorkloadAndImplementation() {
    assertEquals("lineparser", Bench.workload("lineparser").name());
    assertEquals(Impl.FUSED_PAR, Impl.byId("fused-par"));
  }

  @Test
  void anUnknownWorkloadListsTheWorkloads() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Bench.workload("line-parser"));
    assertTrue(e.getMessage().startsWith("no workload 'line-parser'; the workloads are ["), e.getMessage());
    assertTrue(e.getMessage().contains("lineparser") && e.getMessage().contains("blast"), e.getMessage());
  }

  @Test
  void anUnknownImplementationListsTheImplementations() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Impl.byId("sluice"));
    assertTrue(e.getMessage().startsWith("no implementation 'sluice'; the implementations are ["), e.getMessage());
    assertTrue(e.getMessage().contains("sluice-cpu-1t"), e.getMessage());
  }

  @Test
  void theRunsPropertiesAreChecked() {
    System.setProperty("bench.impls", "sluice-cpu, fused-par");
    assertEquals(EnumSet.of(Impl.SLUICE_CPU, Impl.FUSED_PAR), Bench.Config.fromSystemProperties().impls());
    System.setProperty("bench.impls", "fused_par");
    assertThrows(IllegalArgumentException.class, Bench.Config::fromSystemProperties);
    System.clearProperty("bench.impls");
    System.setProperty("bench.only", "blast,synthgain-2");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, Bench.Config::fromSystemProperties);
    assertTrue(e.getMessage().startsWith("no workload 'synthgain-2'"), e.getMessage());
  }
}
