package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aparapi.device.OpenCLDevice;
import dev.sluice.runtime.cpu.ExpandPipeline;
import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.protocol.PlanCode;
import dev.sluice.runtime.protocol.Scheduler;
import dev.sluice.runtime.protocol.StateLayout;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The one scheduler, differentially: the same plan driven step by step on the JVM (the CPU back
 * end's way) and inside a kernel (translated by Aparapi) must decide the same runs, in the same
 * order, and leave the same state and counters.
 */
class SchedulerOnDeviceTest {
  private static final int GROUPS = 8;

  @Test
  void theJvmAndTheKernelDecideTheSameRuns() {
    // width 4, the smallest queues, a two-slot parent buffer: blocking, region flushes and stored credit
    check(ExpandPipeline.plan(4, 1, 4, 2), 3);
    // width 8, roomier queues, one parent at a time
    check(ExpandPipeline.plan(8, 2, 8, 1), 5);
  }

  private static void check(PipelinePlan plan, int chunk) {
    int[] code = PlanCode.encode(plan, 1_000_000, chunk);
    int[] inLength = new int[GROUPS];
    for (int g = 0; g < GROUPS; g++) {
      inLength[g] = 11 + 29 * g;
    }
    Run jvm = new Run(plan, code);
    for (int g = 0; g < GROUPS; g++) {
      SchedulerSteps.drive(code, jvm.st, jvm.stats, jvm.err, jvm.trace, jvm.taken, inLength, g);
    }
    // the JVM run itself is sound: no error, every group drained, and it exercised the protocol
    assertTrue(Arrays.stream(jvm.err).allMatch(w -> w == 0), "errors: " + Arrays.toString(jvm.err));
    long handlers = 0;
    long blocks = 0;
    for (int g = 0; g < GROUPS; g++) {
      assertEquals(1, Scheduler.drained(code, jvm.st, g), "group " + g + " drained");
      assertTrue(jvm.taken[g] < SchedulerSteps.STEPS, "group " + g + " ended within the trace");
      for (int k = 0; k < jvm.taken[g]; k++) {
        handlers += jvm.trace[(g * SchedulerSteps.STEPS + k) * SchedulerSteps.WORDS + 4] >= 0 ? 1 : 0;
      }
      blocks += jvm.stats[StateLayout.statAt(code, g, 1, StateLayout.C_BLOCKS)];
    }
    assertTrue(handlers > 0, "handler runs were decided");
    if (plan.regionParentBuffer(1) == 1) {
      assertTrue(blocks > 0, "a one-slot parent buffer blocks the enumerator");
    }
    for (OpenCLDevice device : OpenClAvailable.devices()) {
      Run dev = new Run(plan, code);
      SchedulerStepKernel k = new SchedulerStepKernel(code, dev.st, dev.stats, dev.err, dev.trace, dev.taken,
          inLength);
      try {
        Kernels.compile(k, device);
        // the buffers are the driver's own (Kernels.compile): what the kernel wrote comes back explicitly
        k.put(code).put(dev.st).put(dev.stats).put(dev.err).put(dev.trace).put(dev.taken).put(inLength);
        Kernels.execute(k, device.createRange(GROUPS, 1), device);
        k.get(dev.st).get(dev.stats).get(dev.err).get(dev.trace).get(dev.taken);
      } finally {
        k.dispose();
      }
      String on = " on " + OpenClDevices.describe(device);
      assertArrayEquals(jvm.taken, dev.taken, "decisions per group" + on);
      assertArrayEquals(jvm.trace, dev.trace, "the decided runs" + on);
      assertArrayEquals(jvm.st, dev.st, "the state" + on);
      assertArrayEquals(jvm.stats, dev.stats, "the counters" + on);
      assertArrayEquals(jvm.err, dev.err, "the error words" + on);
    }
  }

  /** The arrays of one run of every group. */
  private static final class Run {
    final int[] st;
    final long[] stats;
    final int[] err = new int[GROUPS * StateLayout.ERR_STRIDE];
    final int[] trace = new int[GROUPS * SchedulerSteps.STEPS * SchedulerSteps.WORDS];
    final int[] taken = new int[GROUPS];

    Run(PipelinePlan plan, int[] code) {
      st = new int[GROUPS * code[PlanCode.P_STATE]];
      stats = new long[GROUPS * plan.stageCount() * StateLayout.STATS];
    }
  }
}
