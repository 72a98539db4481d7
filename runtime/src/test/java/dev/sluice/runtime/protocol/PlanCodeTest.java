package dev.sluice.runtime.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.cpu.ExpandPipeline;
import dev.sluice.runtime.plan.PipelinePlan;
import org.junit.jupiter.api.Test;

/** What the scheduler requires of a plan before it schedules one. */
class PlanCodeTest {
  @Test
  void aSignalQueueThatCannotHoldOneRunsSignalsIsRefusedWhereThePlanIsFirstScheduled() {
    int least = Protocol.MAX_SIGNALS_PER_RUN + 1;
    PipelinePlan small = ExpandPipeline.plan(4, 1, least - 1, 1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PlanCode.encode(small, 1000, 4));
    assertTrue(e.getMessage().startsWith(small.name + ": signal queue of " + (least - 1))
        && e.getMessage().contains("at least " + least), e.getMessage());
    assertEquals(least, PlanCode.encode(ExpandPipeline.plan(4, 1, least, 1), 1000, 4)[PlanCode.P_SIG_CAP]);
  }
}
