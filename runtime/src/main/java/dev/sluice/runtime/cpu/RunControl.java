package dev.sluice.runtime.cpu;

import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.protocol.PlanCode;

/**
 * Shared by the instances of one run: the plan encoded for the scheduler (read-only), the step bound
 * and the stop flag set by a failing instance.
 */
public final class RunControl {
  final int[] code;
  final long maxSteps;
  private volatile boolean aborted;

  /** For a run of {@code plan} with at most {@code maxSteps} firings per instance and chunks of {@code chunkSize}. */
  public RunControl(PipelinePlan plan, long maxSteps, int chunkSize) {
    this.code = PlanCode.encode(plan, maxSteps, chunkSize);
    this.maxSteps = maxSteps;
  }

  /** For the direct executor, which has no scheduler and so no plan code: only the step bound and the stop flag. */
  public RunControl(long maxSteps) {
    this.code = null;
    this.maxSteps = maxSteps;
  }

  void abort() {
    aborted = true;
  }

  /** Whether an instance failed (or the listener did), so the others stop. */
  public boolean aborted() {
    return aborted;
  }
}
