package dev.sluice.runtime;

/**
 * Told how far a run has got, for a progress line or bar on long runs; set it with the generated
 * builder's {@code progress(...)}. It is called on the thread that called {@code run}, at most once
 * per {@link #INTERVAL_MILLIS} while the run goes on, with {@code done} never going down, and once
 * more when the run has finished, with {@code done == total}. On the CPU back end {@code done}
 * counts the input items the pipeline instances have taken in (claimed in chunks; their outputs may
 * still be on the way); on OpenCL, the input items of the slices whose kernel launches have
 * completed. {@code total} is the number of input items, or {@link #UNKNOWN} for a chunked stream
 * until the last call. An exception thrown here stops the run, which fails with it as the cause.
 */
@FunctionalInterface
public interface ProgressListener {
  /** {@code total} of a run over a stream whose length is not known yet. */
  long UNKNOWN = -1;

  /** The least time between two calls while a run goes on. */
  long INTERVAL_MILLIS = 200;

  /**
   * How far the run has got.
   *
   * @param done input items done so far, never fewer than at the call before
   * @param total input items in all, or {@link #UNKNOWN}
   */
  void progress(long done, long total);
}
