package dev.sluice.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.RunReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The accumulator keeps one outcome per partition; reports add up stage by stage. */
class OutcomesTest {
  static ReportSum report(long in, long out, double fill, long runs, String device) {
    ReportSum s = new ReportSum();
    s.add(new RunReport("P", device, 2, 1_000, List.of(
        new RunReport.StageStats("src", "SOURCE", in, in, 1, runs, 1.0, 0, 0, 0),
        new RunReport.StageStats("a", "NODE", in, out, 3, runs, fill, 1, 0, 2)),
        List.of(new RunReport.SinkStats("k", out))));
    return s;
  }

  @Test
  void aPartitionSeenTwiceCountsOnce() {
    Outcomes<Integer> acc = new Outcomes<>();
    acc.add(new PartitionOutcome<>(0, 0, "1", "1#1", report(10, 4, 0.5, 2, "JVM"), 7));
    acc.add(new PartitionOutcome<>(1, 0, "2", "2#1", report(20, 8, 1.0, 2, "JVM"), 5));
    Outcomes<Integer> speculative = new Outcomes<>();
    speculative.add(new PartitionOutcome<>(1, 1, "1", "1#1", report(20, 8, 1.0, 2, "JVM"), 5));
    speculative.add(new PartitionOutcome<>(2, 0, "1", "1#1", report(30, 1, 0.25, 4, "OpenCL x"), null));
    acc.merge(speculative);
    assertEquals(3, acc.value().size());
    assertEquals(0, acc.value().get(1).attempt(), "the outcome that came first stays");

    ReportSum sum = new ReportSum();
    acc.value().values().forEach(o -> sum.add(o.report()));
    RunReport r = sum.toReport();
    assertEquals(60, r.inputItems());
    assertEquals(13, r.sink("k").items());
    assertEquals(13, r.stage("a").itemsOut());
    assertEquals(9, r.stage("a").firings());
    assertEquals(6, r.stage("a").blocks());
    // fill weighted by runs: (0.5 * 2 + 1.0 * 2 + 0.25 * 4) / 8
    assertEquals(0.5, r.stage("a").vectorFill(), 1e-12);
    assertEquals(3_000, r.nanos());
    assertEquals(3, sum.runs());
    assertEquals("JVM; OpenCL x", r.device());
    assertTrue(acc.copy().value().equals(acc.value()));
    acc.reset();
    assertTrue(acc.isZero());
  }

  /** The CPU back end's direct calls have no runs: the sum says so (n/a, JSON null), as one run's report does. */
  @Test
  void noRunsMeansNoFill() {
    ReportSum sum = report(10, 4, Double.NaN, 0, "JVM");
    sum.add(report(20, 8, Double.NaN, 0, "JVM").toReport());
    RunReport r = sum.toReport();
    assertTrue(Double.isNaN(r.stage("a").vectorFill()), "fill " + r.stage("a").vectorFill());
    assertTrue(r.toString().contains("n/a"), r.toString());
    assertTrue(r.toJson().contains("\"vectorFill\":null"), r.toJson());
    // with a run that has runs, its fill alone counts
    sum.add(report(30, 1, 0.25, 4, "OpenCL x").toReport());
    assertEquals(0.25, sum.toReport().stage("a").vectorFill(), 1e-12);
  }
}
