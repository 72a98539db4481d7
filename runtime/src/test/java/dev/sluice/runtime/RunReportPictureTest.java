package dev.sluice.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.plan.PipelinePlan;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run report's picture: the items on each edge, read from the per-stage and per-sink counters,
 * and the fill on each stage. The plan joins two channels of one node and a third producer at
 * {@code merge}, and broadcasts {@code split.a} to a sink as well, so the counts need every rule
 * {@link RunReport#edgeItems()} has: a single reader, a producer's total, a join's total.
 */
class RunReportPictureTest {

  private static PipelinePlan.Builder join() {
    return PipelinePlan.builder("Join", 4, 8)
        .source("in", 3)
        .transform("split", 0, 2, 16, 8)
        .transform("one", 0, 2, 16, 4)
        .transform("merge", 0, 1, 48, 12)
        .sink("copies")
        .sink("merged")
        .edge("in", "in", "split", 4)
        .edge("in", "in", "one", 4)
        .edge("split", "a", "merge", 8)
        .edge("split", "b", "merge", 4)
        .edge("one", "out", "merge", 4)
        .edge("split", "a", "copies", 8)
        .edge("merge", "out", "merged", 4);
  }

  /** 10 inputs; split puts 13 on a and 6 on b; one passes all 10; merge takes 29. */
  private static RunReport report(PipelinePlan plan) {
    return new RunReport(plan, "JVM", 1, 1_000_000, List.of(
        new RunReport.StageStats("in", "SOURCE", 10, 10, 3, 3, 10 / 12.0, 0, 0, 0),
        new RunReport.StageStats("split", "TRANSFORM", 10, 19, 3, 3, 10 / 12.0, 0, 0, 0),
        new RunReport.StageStats("one", "TRANSFORM", 10, 10, 3, 3, 10 / 12.0, 0, 0, 0),
        new RunReport.StageStats("merge", "TRANSFORM", 29, 29, 8, 8, 29 / 32.0, 0, 0, 0)),
        List.of(new RunReport.SinkStats("copies", 13), new RunReport.SinkStats("merged", 29)), null);
  }

  @Test
  void everyEdgeCountFollowsFromTheCounters() {
    PipelinePlan plan = join().channel("split", "a", 2, false).channel("split", "b", 1, false)
        .channel("one", "out", 1, false).channel("merge", "out", 1, false).build();
    // split.a from its sink, one.out from one's total, split.b from merge's total minus the other two
    assertArrayEquals(new long[] {10, 10, 13, 6, 10, 13, 29}, report(plan).edgeItems());
  }

  @Test
  void mermaidShowsItemsOnEdgesAndFillOnStages() {
    PipelinePlan plan = join().channel("split", "a", 2, false).channel("split", "b", 1, false)
        .channel("one", "out", 1, false).channel("merge", "out", 1, false).build();
    assertEquals("""
        flowchart TB
          n_in[/"in<br/>source<br/>fill 83.3%"/]
          n_split["split<br/>fill 83.3%"]
          n_one["one<br/>fill 83.3%"]
          n_merge["merge<br/>fill 90.6%"]
          n_copies[("copies<br/>sink<br/>13 items")]
          n_merged[("merged<br/>sink<br/>29 items")]
          n_in -- "10 items" --> n_split
          n_in -- "10 items" --> n_one
          n_split -- "a @Max(2)<br/>13 items" --> n_merge
          n_split -- "b @Max(1)<br/>6 items" --> n_merge
          n_one -- "out @Max(1)<br/>10 items" --> n_merge
          n_split -- "a @Max(2)<br/>13 items" --> n_copies
          n_merge -- "out @Max(1)<br/>29 items" --> n_merged
        """, report(plan).toMermaid());
    String dot = report(plan).toDot();
    assertTrue(dot.contains("\"split\" -> \"merge\" [label=\"b @Max(1)\\n6 items\"];"), dot);
    assertTrue(dot.contains("\"merge\" [label=\"merge\\nfill 90.6%\"];"), dot);
  }

  /**
   * Without the channels in the plan, one's total may include a channel nobody reads, so one.out and
   * split.b both stay unknown: two unknowns joined at merge. The picture says so instead of guessing.
   */
  @Test
  void anEdgeTheCountersCannotTellIsMarked() {
    PipelinePlan plan = join().build();
    assertArrayEquals(new long[] {10, 10, 13, -1, -1, 13, 29}, report(plan).edgeItems());
    assertTrue(report(plan).toMermaid().contains("n_one -- \"out<br/>? items\" --> n_merge"));
  }

  @Test
  void aReportWithoutItsPlanCannotDraw() {
    RunReport r = new RunReport("Join", "JVM", 1, 0,
        List.of(new RunReport.StageStats("in", "SOURCE", 0, 0, 0, 0, 0, 0, 0, 0)), List.of());
    IllegalStateException e = assertThrows(IllegalStateException.class, r::toMermaid);
    assertTrue(e.getMessage().contains("without the pipeline's plan"), e.getMessage());
  }

  /** A report needs the source's stage, whose items are the input's (outside-in helper-92: toString failed). */
  @Test
  void aReportWithoutStagesIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new RunReport("Join", "JVM", 1, 0, List.of(), List.of()));
    assertEquals("a run report of Join needs its stages, the source first; none given", e.getMessage());
  }

  /** A name the report does not have is told the names it has; null is said to be null (outside-in helper-70). */
  @Test
  void anUnknownNameListsTheNames() {
    RunReport r = report(join().build());
    assertEquals("Join has no stage 'nope'; its stages are [in, split, one, merge]",
        assertThrows(IllegalArgumentException.class, () -> r.stage("nope")).getMessage());
    assertEquals("Join has no sink 'nope'; its sinks are [copies, merged]",
        assertThrows(IllegalArgumentException.class, () -> r.sink("nope")).getMessage());
    assertEquals("the stage's name", assertThrows(NullPointerException.class, () -> r.stage(null)).getMessage());
  }
}
