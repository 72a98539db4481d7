package dev.sluice.runtime.cpu;

import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.ProgressListener;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.input.InputCursor;
import dev.sluice.runtime.input.ProgressMeter;
import dev.sluice.runtime.protocol.Failures;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;

/**
 * Runs the instances of one CPU run side by side, whatever executes them (the {@link dev.sluice.runtime.protocol.Scheduler} or
 * a generated direct executor): one thread per instance (the caller's thread when there is one and
 * nobody listens to progress), a progress listener told from the caller's thread, the first failure
 * stopping the others and rethrown on the caller's thread, a {@link PipelineException} first, and an
 * interrupt of the caller's thread stopping them all ({@link Failures#interrupted}).
 */
public final class InstanceThreads {
  private InstanceThreads() {}

  /** The instances, and the nanoseconds they ran. */
  public record Ran<I>(List<I> instances, long nanos) {}

  /**
   * Makes {@code options.resolvedInstances()} instances over {@code cursor} with {@code newInstance}
   * and runs each with {@code body}; {@code control} is shared by them.
   */
  public static <I> Ran<I> run(String pipeline, RunOptions options, RunControl control,
      InputCursor cursor, BiFunction<InputCursor, RunControl, I> newInstance,
      java.util.function.Consumer<I> body) {
    return run(pipeline, options, control, cursor, newInstance, body, Thread::new);
  }

  /** {@link #run}, with the instances' threads made by {@code newThread} (a runnable and its name). */
  static <I> Ran<I> run(String pipeline, RunOptions options, RunControl control,
      InputCursor cursor, BiFunction<InputCursor, RunControl, I> newInstance,
      java.util.function.Consumer<I> body, BiFunction<Runnable, String, Thread> newThread) {
    int n = options.resolvedInstances();
    if (options.automaticChunks() && n > 1) {
      // a fixed chunk size counts items, whatever each costs: on a small input it would let the
      // first instance claim everything, so claims are cut to a share that keeps every instance busy
      cursor = cursor.inPieces(n * InputCursor.PIECES_PER_INSTANCE);
    }
    ProgressMeter meter = null;
    AtomicLong taken = new AtomicLong();
    if (options.progress() != null) {
      meter = new ProgressMeter(pipeline, options.progress(), cursor.total());
      InputCursor counted = cursor;
      cursor = chunk -> {
        if (!counted.claim(chunk)) {
          return false;
        }
        taken.addAndGet(chunk.remaining());
        return true;
      };
    }
    List<I> instances = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      instances.add(newInstance.apply(cursor, control));
    }
    long t0 = System.nanoTime();
    Throwable[] failures = new Throwable[n];
    if (n == 1 && meter == null) {
      runOne(instances.get(0), body, control, failures, 0);
    } else {
      Thread[] threads = new Thread[n];
      int started = 0;
      try {
        for (; started < n; started++) {
          int k = started;
          threads[k] = newThread.apply(() -> runOne(instances.get(k), body, control, failures, k),
              "sluice-" + pipeline + "-" + k);
          threads[k].start();
        }
      } catch (OutOfMemoryError | RuntimeException e) {
        // the system's thread limit (instances(100000) on a CPU): the instances already running stop,
        // and the run fails saying so, rather than leaving them at work on an input nobody reads
        control.abort();
        joinAll(threads, started);
        throw new IllegalStateException(pipeline + ": could not start the thread of pipeline instance " + (started + 1)
            + " of " + n + " (" + e + "); on the CPU each instance is a thread: run fewer instances"
            + " (instances(0) is one per core)", e);
      }
      Throwable listenerFailed = null;
      for (Thread t : threads) {
        try {
          // with a progress listener the caller's thread tells it while it waits
          while (t.isAlive()) {
            t.join(meter == null ? 0 : ProgressListener.INTERVAL_MILLIS);
            if (meter != null && listenerFailed == null) {
              try {
                meter.update(taken.get());
              } catch (Throwable e) {
                // the meter wraps the listener's exceptions; an Error must stop the instances too
                listenerFailed = e;
                control.abort();
              }
            }
          }
        } catch (InterruptedException e) {
          // the instances stop at their next check; the run ends when they have, as a failed one does,
          // so no node code runs after the caller is told the run is over
          control.abort();
          joinAll(threads, n);
          Thread.currentThread().interrupt();
          throw Failures.interrupted(pipeline);
        }
      }
      if (listenerFailed != null) {
        throw rethrow(pipeline, listenerFailed);
      }
    }
    long nanos = System.nanoTime() - t0;
    for (Throwable f : failures) {
      if (f instanceof PipelineException p) {
        throw p;
      }
    }
    for (Throwable f : failures) {
      if (f != null) {
        throw rethrow(pipeline, f);
      }
    }
    // an instance that runs on the caller's thread sees its interrupt only as a stop (RunControl);
    // node code that interrupted an instance's own thread interrupts the run as it would on the caller's
    if (control.instanceInterrupted()) {
      Thread.currentThread().interrupt();
    }
    if (Thread.currentThread().isInterrupted()) {
      throw Failures.interrupted(pipeline);
    }
    if (meter != null) {
      meter.finish(taken.get());
    }
    return new Ran<>(instances, nanos);
  }

  /**
   * Throws {@code f}: as it is when unchecked, else wrapped. The instances name every throwable of
   * node code and input, so a checked one here would come from elsewhere, but it must fail the run
   * all the same, not be dropped with the rest of that instance's input.
   */
  private static RuntimeException rethrow(String pipeline, Throwable f) {
    if (f instanceof Error e) {
      throw e;
    }
    if (f instanceof RuntimeException r) {
      throw r;
    }
    throw new IllegalStateException(pipeline + ": " + f, f);
  }

  /** Waits for the first {@code n} threads to end, however often this thread is interrupted meanwhile. */
  private static void joinAll(Thread[] threads, int n) {
    boolean interrupted = false;
    for (int i = 0; i < n; i++) {
      while (threads[i].isAlive()) {
        try {
          threads[i].join();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private static <I> void runOne(I instance, java.util.function.Consumer<I> body, RunControl control,
      Throwable[] failures, int k) {
    try {
      body.accept(instance);
    } catch (Throwable t) {
      failures[k] = t;
      control.abort();
    }
  }
}
