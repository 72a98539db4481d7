package dev.sluice.runtime.cpu;

import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.protocol.PlanCode;

/**
 * Shared by the instances of one run: the plan encoded for the scheduler (read-only), the step bound,
 * the stop flag set by a failing instance, and the thread that called the run (made on it), whose
 * interrupt stops the run too.
 */
public final class RunControl {
  final int[] code;
  final long maxSteps;
  private volatile boolean aborted;
  /**
   * The thread that called {@code run}. An instance that runs on it (one instance, no progress
   * listener) has no join to be interrupted in, so the instances look at its interrupt flag.
   */
  private final Thread caller = Thread.currentThread();

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

  /**
   * Whether the instances should stop: one failed (or the listener did), or the calling thread was
   * interrupted ({@link InstanceThreads} then throws {@link dev.sluice.runtime.protocol.Failures#interrupted}).
   */
  public boolean aborted() {
    return aborted || caller.isInterrupted();
  }
}
