package dev.sluice.runtime.cpu;

import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.ProgressListener;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.input.InputCursor;
import dev.sluice.runtime.input.ProgressMeter;
import dev.sluice.runtime.protocol.Failures;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Runs the instances of one CPU run side by side, whatever executes them (the {@link dev.sluice.runtime.protocol.Scheduler} or
 * a generated direct executor): the first on the caller's thread, unless a progress listener needs
 * that thread to be told, the others on threads of {@link InstancePool}, kept between runs; the first
 * failure stopping the others (one waiting in a {@code runChunks} iterator is woken there: {@link
 * InputCursor#stop}) and rethrown on the caller's thread, a {@link PipelineException} first,
 * and an interrupt of the caller's thread stopping them all ({@link Failures#interrupted}): passed on
 * to the kept threads while they run this run's instances, so that node code or an input iterator
 * blocked there is interrupted too; a failure recorded before the interrupt was seen stays the run's
 * outcome. The run returns or throws only once every instance has stopped, so no
 * node code runs after it.
 */
public final class InstanceThreads {
  private InstanceThreads() {}

  /**
   * The most instances a CPU run makes, each with a thread: far above any machine's cores, and low enough
   * to refuse at once a count that would only fill the heap with instances (the same bound as
   * {@code ForkJoinPool}'s on its parallelism).
   */
  public static final int MAX_INSTANCES = 32_767;

  /**
   * Refuses a count above {@link #MAX_INSTANCES} before anything is made: instances(Integer.MAX_VALUE)
   * took minutes to fill the heap before it failed.
   */
  public static void checkCount(String pipeline, int n) {
    if (n > MAX_INSTANCES) {
      throw new IllegalArgumentException(pipeline + ": instances(" + n + "): the CPU back end runs at most "
          + MAX_INSTANCES + " instances side by side, each on a thread of its own; more would only fill the heap"
          + " with instances that wait for a core (instances(0) is one per core)");
    }
  }

  /**
   * The most CPU runs nested in one another: a run started from node code (or an input iterator, or
   * a progress listener) of a run in progress, that one from another's, and so on. Each nested run
   * puts its other instances on threads of its own, so a node that runs its own pipeline again
   * without end made threads until the system could start no more, for every process of the machine
   * (outside-in helper-135), rather than ending in a {@link StackOverflowError}; past this depth the
   * run is refused instead, and the failure goes back up through the runs it is nested in.
   */
  public static final int MAX_NESTED = 64;

  /** How many CPU runs the current thread is inside: its own, and those whose instance it runs. */
  private static final ThreadLocal<int[]> NESTED = ThreadLocal.withInitial(() -> new int[1]);

  /**
   * The later of two times, made when the class is: the instances' threads use it as they stop, when
   * the heap may be too full to make the lambda a first use of {@code Math::max} would (an
   * {@link OutOfMemoryError} there escaped the instance, printed as uncaught by its thread).
   */
  private static final java.util.function.LongBinaryOperator LATER = Math::max;

  /** The instances, and the nanoseconds they ran. */
  public record Ran<I>(List<I> instances, long nanos) {}

  /**
   * Makes {@code options.resolvedInstances()} instances over {@code cursor} with {@code newInstance}
   * and runs each with {@code body}; {@code control} is shared by them.
   */
  public static <I> Ran<I> run(String pipeline, RunOptions options, RunControl control,
      InputCursor cursor, BiFunction<InputCursor, RunControl, I> newInstance,
      java.util.function.Consumer<I> body) {
    return run(pipeline, options, control, cursor, newInstance, body, InstancePool.THREADS, null);
  }

  /**
   * {@link #run}, with the failure a run throws when the heap filled so far that no instance could name
   * its failure: {@code heapFull} wraps that bare {@link OutOfMemoryError}, once the instances (and
   * with them every item the run held) have been let go.
   */
  public static <I> Ran<I> run(String pipeline, RunOptions options, RunControl control,
      InputCursor cursor, BiFunction<InputCursor, RunControl, I> newInstance,
      java.util.function.Consumer<I> body, Function<OutOfMemoryError, RuntimeException> heapFull) {
    return run(pipeline, options, control, cursor, newInstance, body, InstancePool.THREADS, heapFull);
  }

  /** {@link #run}, with the instances that do not run on the caller's thread handed to {@code threads}. */
  static <I> Ran<I> run(String pipeline, RunOptions options, RunControl control,
      InputCursor cursor, BiFunction<InputCursor, RunControl, I> newInstance,
      java.util.function.Consumer<I> body, Executor threads,
      Function<OutOfMemoryError, RuntimeException> heapFull) {
    int n = options.resolvedInstances();
    checkCount(pipeline, n);
    int[] nested = NESTED.get();
    if (nested[0] >= MAX_NESTED) {
      throw new IllegalStateException(pipeline + ": a CPU run nested " + MAX_NESTED + " runs deep (started from node"
          + " code, an input iterator or a progress listener of a run in progress, which was started from another's,"
          + " and so on): a run that starts itself again without end; each nested run needs threads of its own");
    }
    nested[0]++;
    try {
      return runNested(pipeline, options, control, cursor, newInstance, body, threads, heapFull, n, nested[0]);
    } finally {
      nested[0]--;
    }
  }

  /** {@link #run} at nesting depth {@code depth}, which the instances' threads take on while they run them. */
  private static <I> Ran<I> runNested(String pipeline, RunOptions options, RunControl control,
      InputCursor cursor, BiFunction<InputCursor, RunControl, I> newInstance,
      java.util.function.Consumer<I> body, Executor threads,
      Function<OutOfMemoryError, RuntimeException> heapFull, int n, int depth) {
    // the input as given, before the wrappers below: what stops it when the run fails
    InputCursor input = cursor;
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
    // the run's clock counts making the instances, their node factories' calls included, as OpenCL's
    // counts reading the node objects
    long t0 = System.nanoTime();
    List<I> instances = new ArrayList<>(Math.min(n, 1024));
    try {
      for (int i = 0; i < n; i++) {
        instances.add(newInstance.apply(cursor, control));
      }
    } catch (OutOfMemoryError e) {
      int made = instances.size();
      instances.clear();
      if (made == 0) {
        // one instance does not fit (a factory's own error, say): no count to blame, thrown as it was
        throw e;
      }
      // instances(Integer.MAX_VALUE), say: the heap holds only so many instances' node objects and
      // buffers; the run fails naming the count, and what was made is let go before anything runs
      throw new IllegalStateException(pipeline + ": the heap could not hold pipeline instance " + (made + 1) + " of " + n
          + " (" + e + "); on the CPU each instance has node objects, buffers and a thread of its own: run fewer"
          + " instances (instances(0) is one per core)", e);
    }
    Failed failures = new Failed(n);
    // with nobody to tell of progress, the caller's thread runs instance 0 itself
    int own = meter == null ? 1 : 0;
    CountDownLatch stopped = new CountDownLatch(n - own);
    // when the last instance finished: the run's time, which a progress listener's call still
    // running on the caller's thread then does not lengthen
    java.util.concurrent.atomic.AtomicLong ended = new java.util.concurrent.atomic.AtomicLong(t0);
    Workers workers = new Workers(n);
    Thread caller = Thread.currentThread();
    ClassLoader loader = caller.getContextClassLoader();
    int priority = caller.getPriority();
    int started = own;
    try {
      for (; started < n; started++) {
        int k = started;
        threads.execute(() -> {
          // the run's name, the caller's class loader and priority while the instance runs; the thread
          // goes back to the pool as it came (node code may have changed its priority or handler)
          Thread self = Thread.currentThread();
          String idle = self.getName();
          ClassLoader idleLoader = self.getContextClassLoader();
          int idlePriority = self.getPriority();
          Thread.UncaughtExceptionHandler idleHandler = self.getUncaughtExceptionHandler();
          int[] selfNested = null;
          int idleNested = 0;
          try {
            // this thread runs an instance of a run at that depth: a run its node code starts is one deeper
            selfNested = NESTED.get();
            idleNested = selfNested[0];
            selfNested[0] = depth;
            // inside the try: naming the thread allocates, and on a heap another instance has filled
            // that fails too; it is then this instance's failure, and the thread still counts itself
            // stopped below, or the caller would wait for it for ever (outside-in helper-103)
            self.setName("sluice-" + pipeline + "-" + k);
            self.setContextClassLoader(loader);
            self.setPriority(priority);
            workers.enter(k, self);
            runOne(instances, k, body, control, input, failures);
          } catch (Throwable t) {
            failed(instances, k, t, control, input, failures);
          } finally {
            try {
              ended.accumulateAndGet(System.nanoTime(), LATER);
              workers.leave(k);
              // node code that interrupted its thread after the instance last looked (its last piece of
              // input) interrupts the run all the same; the pool would clear the flag unseen (a cancel's
              // interrupt, below, is cleared here too, and that run fails as interrupted anyway)
              if (Thread.interrupted()) {
                control.instanceInterrupted(true);
              }
              if (selfNested != null) {
                selfNested[0] = idleNested;
              }
              self.setName(idle);
              self.setContextClassLoader(idleLoader);
              self.setPriority(idlePriority);
              self.setUncaughtExceptionHandler(idleHandler);
            } finally {
              stopped.countDown();
            }
          }
        });
      }
    } catch (OutOfMemoryError | RuntimeException e) {
      // the system's thread limit (instances(100000) on a CPU): the instances already running stop,
      // and the run fails saying so, rather than leaving them at work on an input nobody reads
      control.abort();
      input.stop();
      for (int k = started; k < n; k++) {
        stopped.countDown();
      }
      awaitAll(stopped);
      // the instances started may have failed first, filling the heap the next start then found full:
      // their failure is the run's, not a thread limit (outside-in helper-103, 64 instances)
      Throwable failed = failures.first();
      if (failed != null) {
        throw failure(pipeline, failed, instances, heapFull);
      }
      throw new IllegalStateException(pipeline + ": could not start the thread of pipeline instance " + (started + 1)
          + " of " + n + " (" + e + "); on the CPU each instance is a thread: run fewer instances"
          + " (instances(0) is one per core)", e);
    }
    if (own == 1) {
      // an interrupt of this thread stops this instance as it does the others (RunControl#aborted)
      runOne(instances, 0, body, control, input, failures);
      ended.accumulateAndGet(System.nanoTime(), LATER);
    }
    Throwable listenerFailed = null;
    try {
      // with a progress listener the caller's thread tells it while it waits
      while (!await(stopped, meter == null ? Long.MAX_VALUE : ProgressListener.INTERVAL_MILLIS)) {
        if (meter != null && listenerFailed == null) {
          try {
            meter.update(taken.get());
          } catch (Throwable e) {
            // the meter wraps the listener's exceptions; an Error must stop the instances too
            listenerFailed = e;
            control.abort();
            input.stop();
          }
        }
      }
    } catch (InterruptedException e) {
      // what failed before the interrupt was seen is the run's outcome (node code on this thread that
      // restores the flag and throws an exception of its own fails the run with it); what fails after
      // it may be the interrupt's doing, so it does not count
      Throwable[] before = failures.snapshot();
      control.abort();
      // the instances stop at their next check, and one blocked in node code or in the input's
      // iterator on a kept thread is interrupted there, as the caller was
      workers.cancel();
      // the run ends when every instance has, as a failed one does, so no node code runs after the
      // caller is told the run is over
      awaitAll(stopped);
      Thread.currentThread().interrupt();
      if (listenerFailed == null && before == null) {
        throw Failures.interrupted(pipeline);
      }
      failures.keepOnly(before);
    }
    long nanos = ended.get() - t0;
    Throwable failed = listenerFailed != null ? listenerFailed : failures.first();
    if (failed != null) {
      // the run failed: its instances, which hold every item it collected, are let go before the
      // failure is passed on, since a heap they filled may have no room for a single message more
      // (outside-in helper-98: the bare OutOfMemoryError, where a node's failure could not be named)
      throw failure(pipeline, failed, instances, failed == listenerFailed ? null : heapFull);
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
      // an interrupt during that last call (a listener that sleeps, and restores the flag) fails the run as
      // one during the last chunk does, rather than the run returning with the flag set
      if (Thread.currentThread().isInterrupted()) {
        throw Failures.interrupted(pipeline);
      }
    }
    return new Ran<>(instances, nanos);
  }

  /**
   * The run's failure {@code f}, once its instances are let go: a bare {@link OutOfMemoryError} as
   * {@code heapFull} wraps it (null: as it is), else {@link #rethrow}'s.
   */
  private static RuntimeException failure(String pipeline, Throwable f, List<?> instances,
      Function<OutOfMemoryError, RuntimeException> heapFull) {
    instances.clear();
    if (f instanceof OutOfMemoryError full && heapFull != null) {
      throw heapFull.apply(full);
    }
    throw rethrow(pipeline, f);
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

  /** The instances' failures, each recorded by the thread that ran it. */
  private static final class Failed {
    private final Throwable[] byInstance;
    private boolean any;

    /** Where {@link #snapshot} copies to, made with the run: an interrupt on a full heap must not allocate. */
    private final Throwable[] saved;

    Failed(int n) {
      byInstance = new Throwable[n];
      saved = new Throwable[n];
    }

    synchronized void record(int k, Throwable t) {
      byInstance[k] = t;
      any = true;
    }

    /** A copy of what has failed so far, or null if nothing has. */
    synchronized Throwable[] snapshot() {
      if (!any) {
        return null;
      }
      System.arraycopy(byInstance, 0, saved, 0, byInstance.length);
      return saved;
    }

    /** Forgets what failed after {@code before} was taken (null: nothing had failed). */
    synchronized void keepOnly(Throwable[] before) {
      for (int k = 0; k < byInstance.length; k++) {
        byInstance[k] = before == null ? null : before[k];
      }
    }

    /**
     * The run's failure: a {@link PipelineException} of the lowest-numbered instance that had one,
     * else the lowest-numbered instance's failure, else null.
     */
    synchronized Throwable first() {
      for (Throwable f : byInstance) {
        if (f instanceof PipelineException) {
          return f;
        }
      }
      for (Throwable f : byInstance) {
        if (f != null) {
          return f;
        }
      }
      return null;
    }
  }

  /**
   * The kept threads running this run's instances, so that an interrupt of the caller reaches them:
   * a thread is interrupted only between {@link #enter} and {@link #leave}, never once it has gone
   * back to the pool (where it may serve another run).
   */
  private static final class Workers {
    private final Thread[] running;
    private boolean cancelled;

    Workers(int n) {
      running = new Thread[n];
    }

    synchronized void enter(int k, Thread self) {
      running[k] = self;
      if (cancelled) {
        self.interrupt();
      }
    }

    synchronized void leave(int k) {
      running[k] = null;
    }

    synchronized void cancel() {
      cancelled = true;
      for (Thread t : running) {
        if (t != null) {
          t.interrupt();
        }
      }
    }
  }

  /**
   * Waits until {@code stopped} is down to 0, however often this thread is interrupted meanwhile, and
   * leaves its flag set if it was.
   */
  static void awaitAll(CountDownLatch stopped) {
    boolean interrupted = false;
    while (true) {
      try {
        await(stopped, Long.MAX_VALUE);
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * {@code stopped.await(millis)}, through a full heap: waiting makes a queue node, and while an instance
   * fills the heap the caller's thread could not wait, and would have left with the instances still
   * running. It tries again instead: the instances fail or finish, and in either case let go of the
   * heap, and a latch at 0 is passed without a node.
   */
  private static boolean await(CountDownLatch stopped, long millis) throws InterruptedException {
    while (true) {
      try {
        return stopped.await(millis, TimeUnit.MILLISECONDS);
      } catch (OutOfMemoryError full) {
        // a millisecond's rest, which allocates nothing; an interrupt ends it, and the next await throws
        java.util.concurrent.locks.LockSupport.parkNanos(1_000_000L);
      }
    }
  }

  /**
   * Records instance {@code k}'s failure {@code t}, tells the others to stop, and lets go of the
   * instance as soon as it stops: a run that fails returns no instance,
   * and one that failed because it filled the heap must not keep the heap full while the others stop.
   * Setting an element is no structural change, so instances stopping side by side may each do it.
   */
  private static void failed(List<?> instances, int k, Throwable t, RunControl control, InputCursor input,
      Failed failures) {
    failures.record(k, t);
    control.abort();
    // another instance may be waiting in a runChunks iterator for an array that comes late or never
    input.stop();
    instances.set(k, null);
  }

  /** Runs instance {@code k}; a failure is {@link #failed}'s. */
  private static <I> void runOne(List<I> instances, int k, java.util.function.Consumer<I> body, RunControl control,
      InputCursor input, Failed failures) {
    try {
      body.accept(instances.get(k));
    } catch (Throwable t) {
      failed(instances, k, t, control, input, failures);
    }
  }
}
