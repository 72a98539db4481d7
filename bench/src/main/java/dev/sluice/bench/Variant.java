package dev.sluice.bench;

import dev.sluice.runtime.RunReport;

/**
 * One implementation of a workload, set up for one prepared input. The harness calls
 * {@link #run()} for warm-ups and timed repetitions, fingerprints each output against the reference
 * (untimed), and finally {@link #close()}.
 */
public interface Variant extends AutoCloseable {
  /** What one run produced: the outputs (checked, untimed) and, for Sluice, the run report. */
  record Outcome(Object output, RunReport report) {
    public Outcome(Object output) {
      this(output, null);
    }
  }

  /**
   * Runs the implementation once over the whole input and returns its materialised output.
   *
   * @throws Unavailable when this implementation cannot run here (the reason is printed as n/a)
   */
  Outcome run() throws Unavailable;

  /** Bytes of device buffers this implementation holds (0 when it uses none or cannot tell). */
  default long deviceBytes() {
    return 0;
  }

  /** Releases kernels and buffers. */
  @Override
  default void close() {}

  /** An implementation that cannot run on this machine, with the reason (printed as n/a, not a failure). */
  final class Unavailable extends Exception {
    private static final long serialVersionUID = 1L;

    public Unavailable(String reason) {
      super(reason);
    }
  }
}
