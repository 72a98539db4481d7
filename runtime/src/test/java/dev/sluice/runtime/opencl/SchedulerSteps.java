package dev.sluice.runtime.opencl;

import dev.sluice.runtime.protocol.PlanCode;
import dev.sluice.runtime.protocol.Scheduler;

/**
 * Drives the one {@link Scheduler} for one group without node bodies, writing down every run it
 * decides: the source's runs read positions {@code [0, inLength[g])}, an enumerator's parent at queue
 * position p has {@code (p * 7 + g) % 6} elements, and a run of stage s pushes a number of items on
 * each out-edge to a node that depends on s, the run's size and g (never more than the run's
 * items, as {@code @Max(1)} allows). The same static method runs on the JVM and, translated by
 * Aparapi, in {@link SchedulerStepKernel}; so it is in Aparapi's subset (locals declared at the top,
 * no {@code break}, no {@code Math}).
 */
final class SchedulerSteps {
  private SchedulerSteps() {}

  /** Decisions written per group. */
  static final int STEPS = 6000;
  /** Words per decision: stage, offset, limit, parent slot, handler. */
  static final int WORDS = 5;

  /** Runs group {@code g} to the end; {@code taken[g]} is the number of decisions written. */
  static void drive(int[] plan, int[] st, long[] stats, int[] err, int[] trace, int[] taken, int[] inLength,
      int g) {
    int a = 0;
    int step = 0;
    int at = 0;
    int limit = 0;
    int i = 0;
    int e = 0;
    int cursor = 0;
    int total = 0;
    Scheduler.begin(plan, st, stats, err, g);
    a = Scheduler.next(plan, st, stats, err, g);
    while (a != Scheduler.STOP && step < STEPS) {
      if (a == Scheduler.NEED_CHUNK) {
        Scheduler.claimed(plan, st, stats, g, cursor, inLength[g]);
        cursor = cursor + plan[PlanCode.P_CHUNK];
      } else if (a == Scheduler.NEED_COUNT) {
        Scheduler.counted(plan, st, stats, err, g, (Scheduler.runOffset(plan, st, g) * 7 + g) % 6);
      } else {
        at = (g * STEPS + step) * WORDS;
        limit = Scheduler.runLimit(plan, st, g);
        trace[at] = a;
        trace[at + 1] = Scheduler.runOffset(plan, st, g);
        trace[at + 2] = limit;
        trace[at + 3] = Scheduler.runParent(plan, st, g);
        trace[at + 4] = Scheduler.runHandler(plan, st, g);
        step = step + 1;
        if (Scheduler.runHandler(plan, st, g) < 0) {
          total = limit;
          if (a > 1) {
            total = limit * ((a + g) % 3) / 2;
          }
          for (i = plan[PlanCode.stage(a) + PlanCode.F_OUT_FROM]; i < plan[PlanCode.stage(a) + PlanCode.F_OUT_TO]; i++) {
            e = plan[i];
            if (plan[plan[PlanCode.P_EDGE_TO] + e] >= 0) {
              Scheduler.reserve(plan, st, err, g, e, total);
            }
          }
        }
        Scheduler.afterRun(plan, st, stats, err, g, a);
      }
      a = Scheduler.next(plan, st, stats, err, g);
    }
    taken[g] = step;
  }
}
