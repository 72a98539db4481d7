package dev.sluice.runtime.cpu;

/** Shared by the instances of one run: the step bound and the stop flag set by a failing instance. */
public final class RunControl {
  final long maxSteps;
  private volatile boolean aborted;

  public RunControl(long maxSteps) {
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
