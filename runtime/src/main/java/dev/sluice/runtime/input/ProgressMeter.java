package dev.sluice.runtime.input;

import dev.sluice.runtime.ProgressListener;
import java.util.concurrent.TimeUnit;

/**
 * Calls a run's {@link ProgressListener} at a bounded rate, with {@code done} never going down, and
 * turns an exception from it into the run's failure. Used by both drivers, on the caller's thread.
 */
public final class ProgressMeter {
  private static final long INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(ProgressListener.INTERVAL_MILLIS);

  private final String pipeline;
  private final ProgressListener listener;
  private final long total;
  private long said = -1;
  private long saidAt;

  /** A meter for a run of {@code pipeline} over {@code total} items ({@link ProgressListener#UNKNOWN} if not known). */
  public ProgressMeter(String pipeline, ProgressListener listener, long total) {
    this.pipeline = pipeline;
    this.listener = listener;
    this.total = total;
    this.saidAt = System.nanoTime();
  }

  /**
   * Tells the listener {@code done} if the interval has passed since its last call returned and it
   * moved; all of a known total is left to {@link #finish}, so that the listener hears it once. The
   * interval counts from the return, so a listener slower than the interval still leaves the run
   * that much time between its calls (on OpenCL they come between kernel launches).
   */
  public void update(long done) {
    if (done > said && (total == ProgressListener.UNKNOWN || done < total) && System.nanoTime() - saidAt >= INTERVAL_NANOS) {
      call(done, total, false);
      saidAt = System.nanoTime();
    }
  }

  /** The last call, after a run that finished: {@code done} of {@code done} when the total was unknown. */
  public void finish(long done) {
    call(done, total == ProgressListener.UNKNOWN ? done : total, true);
  }

  private void call(long done, long of, boolean last) {
    said = Math.max(said, done);
    try {
      listener.progress(said, of);
    } catch (Exception e) {
      // Exception, not RuntimeException: a listener may throw a checked one it does not declare
      String at = said + " of " + (of == ProgressListener.UNKNOWN ? "?" : of) + " items";
      // at the last call the work is done: nothing was stopped, but the run still fails
      throw new IllegalStateException(pipeline + (last
          ? ": the progress listener failed at its last call, once the run had finished (" + at
              + "), so the run failed and its results were dropped: "
          : ": the progress listener failed at " + at + ", so the run was stopped: ") + e, e);
    }
  }
}
