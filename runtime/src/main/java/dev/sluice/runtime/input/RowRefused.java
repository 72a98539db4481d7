package dev.sluice.runtime.input;

/**
 * Thrown by generated code when the canonical constructor of the source's record refused a row of
 * {@code runColumns}' arrays: a constructor may check its arguments (SLU618). The CPU back ends build
 * each row with it, and the OpenCL host runs it on each row before the rows go to the device; each
 * back end turns this into the run's {@code PipelineException} ({@code Failures.rowRefused}).
 */
public final class RowRefused extends RuntimeException {
  /** The row's index in the array of columns the generated code was given. */
  public final int position;
  /** The record's simple name. */
  public final String record;

  public RowRefused(int position, String record, Throwable cause) {
    super(record + " refused row " + position, cause, false, false);
    this.position = position;
    this.record = record;
  }
}
