package dev.sluice.runtime.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.cpu.ExpandPipeline;
import org.junit.jupiter.api.Test;

/**
 * A claim's bounds never wrap (outside-in helper-64): on {@code Device.cpuScheduled()} a chunk whose
 * end passed {@code Integer.MAX_VALUE} got a negative end, and the instance asked for the same chunk
 * forever; in a kernel, the shared cursor counted items, and 1,024 work-groups each adding a chunk of
 * 2^22 once the input was used up passed 2^32 and came round to chunks already claimed.
 */
class ClaimBoundsTest {
  private static final PipelinePlan PLAN = ExpandPipeline.plan(4, 1, 4, 2);

  private static int[] state(int[] code) {
    int[] st = new int[code[PlanCode.P_STATE]];
    Scheduler.begin(code, st, new long[PLAN.stageCount() * StateLayout.STATS], new int[StateLayout.ERR_STRIDE], 0);
    return st;
  }

  private static long[] stats() {
    return new long[PLAN.stageCount() * StateLayout.STATS];
  }

  @Test
  void aChunkEndingPastIntegerMaxValueEndsAtTheInputsEnd() {
    int chunk = 1_073_741_825;
    int[] code = PlanCode.encode(PLAN, 1_000_000, chunk);
    int[] st = state(code);
    int b = StateLayout.base(code, 0);
    Scheduler.claimed(code, st, stats(), 0, chunk, 1_073_741_834);
    assertEquals(chunk, st[b + StateLayout.S_POS]);
    assertEquals(1_073_741_834, st[b + StateLayout.S_END], "min(length, from + chunk), without the sum's wrap");
    Scheduler.claimed(code, st, stats(), 0, Integer.MAX_VALUE - 10, Integer.MAX_VALUE);
    assertEquals(Integer.MAX_VALUE, st[b + StateLayout.S_END]);
  }

  @Test
  void theKernelsClaimsCountChunks() {
    int chunk = 1 << 22;
    int[] code = PlanCode.encode(PLAN, 1_000_000, chunk);
    int length = 10 * chunk + 5;
    int b = StateLayout.base(code, 0);
    for (int k = 0; k <= 10; k++) {
      int[] st = state(code);
      Scheduler.claimedChunk(code, st, stats(), 0, k, length);
      assertEquals(0, st[b + StateLayout.S_EXHAUSTED], "chunk " + k);
      assertEquals(k * chunk, st[b + StateLayout.S_POS], "chunk " + k);
      assertEquals(k == 10 ? length : (k + 1) * chunk, st[b + StateLayout.S_END], "chunk " + k);
    }
    // past the last chunk, however far (every work-group claims once more, and a claim count may be
    // far past the input's chunks): the end of the input, never a chunk already claimed
    for (int k : new int[] {11, 1024, 1 << 20, Integer.MAX_VALUE, Integer.MIN_VALUE, -1}) {
      int[] st = state(code);
      Scheduler.claimedChunk(code, st, stats(), 0, k, length);
      assertEquals(1, st[b + StateLayout.S_EXHAUSTED], "claim " + k);
    }
    int[] empty = state(code);
    Scheduler.claimedChunk(code, empty, stats(), 0, 0, 0);
    assertEquals(1, empty[b + StateLayout.S_EXHAUSTED], "an empty slice");
  }
}
