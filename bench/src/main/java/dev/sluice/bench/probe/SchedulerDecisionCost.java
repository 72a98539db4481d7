package dev.sluice.bench.probe;

import dev.sluice.examples.lineparser.LineParserPipeline;
import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.protocol.PlanCode;
import dev.sluice.runtime.protocol.Scheduler;
import dev.sluice.runtime.protocol.StateLayout;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * The one {@code protocol.Scheduler} alone on the JVM, with no node bodies: thread CPU time per
 * decision (one {@code next} and what follows it) on the line parser's plan. Every parent has 36
 * elements (a line's length in the probe's text), every run pushes as many items as it took
 * (three quarters of them at {@code digits}, about the share of digits), as the kernel's lane 0
 * reserves them. What {@link CpuSchedulerCost} measures minus the bodies, so a change to the
 * scheduler shows here without the noise of the rest.
 *
 * <pre>
 * mvn -B -ntp -q -pl bench exec:java -Dbench.main=dev.sluice.bench.probe.SchedulerDecisionCost
 * </pre>
 */
public final class SchedulerDecisionCost {
  private SchedulerDecisionCost() {}

  private static final int LINES = 100_000;
  private static final int ELEMENTS = 36;
  private static final int CHUNK = 4096;

  public static void main(String[] args) {
    int reps = Integer.getInteger("probe.reps", 15);
    PipelinePlan plan = LineParserPipeline.PLAN;
    int[] code = PlanCode.encode(plan, Long.MAX_VALUE, CHUNK);
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    for (int r = 0; r < 10; r++) {
      run(plan, code);
    }
    double[] ns = new double[reps];
    long decisions = 0;
    for (int r = 0; r < reps; r++) {
      long t0 = mx.getCurrentThreadCpuTime();
      decisions = run(plan, code);
      ns[r] = (mx.getCurrentThreadCpuTime() - t0) / (double) decisions;
    }
    Arrays.sort(ns);
    System.out.printf(Locale.ROOT, "lineparser plan: min %6.1f ns/decision  median %6.1f ns/decision  (%d runs; %.2f decisions/line)%n",
        ns[0], ns[reps / 2], reps, decisions / (double) LINES);
  }

  /** One instance over {@link #LINES} lines; returns the decisions taken. */
  private static long run(PipelinePlan plan, int[] code) {
    int[] st = new int[code[PlanCode.P_STATE]];
    long[] stats = new long[plan.stageCount() * StateLayout.STATS];
    int[] err = new int[StateLayout.ERR_STRIDE];
    int digits = plan.stage("digits");
    int cursor = 0;
    long decisions = 0;
    Scheduler.begin(code, st, stats, err, 0);
    int s;
    while ((s = Scheduler.next(code, st, stats, err, 0)) != Scheduler.STOP) {
      decisions++;
      if (s == Scheduler.NEED_CHUNK) {
        Scheduler.claimed(code, st, stats, 0, cursor, LINES);
        cursor += CHUNK;
      } else if (s == Scheduler.NEED_COUNT) {
        Scheduler.counted(code, st, stats, err, 0, ELEMENTS);
      } else {
        if (Scheduler.runHandler(code, st, 0) < 0) {
          int limit = Scheduler.runLimit(code, st, 0);
          for (int e : plan.outEdges(s)) {
            if (plan.edgeTo(e) >= 0) {
              Scheduler.reserve(code, st, err, 0, e, s == digits ? limit * 3 / 4 : limit);
            }
          }
        }
        Scheduler.afterRun(code, st, stats, err, 0, s);
      }
    }
    if (err[0] != 0) {
      throw new IllegalStateException("scheduler error " + err[1] + " at stage " + err[2]);
    }
    if (Scheduler.drained(code, st, 0) != 1) {
      throw new IllegalStateException("the scheduler stopped with work left");
    }
    return decisions;
  }
}
