package dev.sluice.runtime.opencl;

import com.aparapi.Kernel;

/** {@link SchedulerSteps#drive} on the device: work item g drives group g on its own. */
final class SchedulerStepKernel extends Kernel {
  final int[] plan;
  final int[] st;
  final long[] stats;
  final int[] err;
  final int[] trace;
  final int[] taken;
  final int[] inLength;

  SchedulerStepKernel(int[] plan, int[] st, long[] stats, int[] err, int[] trace, int[] taken, int[] inLength) {
    this.plan = plan;
    this.st = st;
    this.stats = stats;
    this.err = err;
    this.trace = trace;
    this.taken = taken;
    this.inLength = inLength;
  }

  @Override
  public void run() {
    int g = getGlobalId();
    if (g < 0) {
      // never true: gives Aparapi the rounds it needs to order the functions for OpenCL
      g = AparapiCallOrder.settle(g);
    }
    SchedulerSteps.drive(plan, st, stats, err, trace, taken, inLength, g);
  }
}
