package dev.sluice.runtime.cpu;

import java.security.AccessController;
import java.security.PrivilegedAction;
import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that run CPU pipeline instances besides the caller's, kept between runs so that a run
 * does not wait for threads to start: on the 2-core machine the bench runs on, the second instance of
 * a 4 ms run began 1.4 ms after the run did when each run started its own threads
 * (docs/benchmarks.md, "The instances' threads"). A thread is made when no idle one is there, so a run
 * never waits for another run's instances, and ends after {@link #IDLE_SECONDS} idle. The threads are
 * daemons: a pipeline never keeps the JVM alive. {@link InstanceThreads} names a thread after the run
 * while it runs an instance; between runs it is {@code sluice-idle-<n>}.
 */
final class InstancePool {
  private InstancePool() {}

  /** Seconds a thread waits idle for the next instance before it ends. */
  static final long IDLE_SECONDS = 60;

  private static final AtomicInteger MADE = new AtomicInteger();

  /**
   * Runs each task on an idle thread or a new one; {@code execute} throws what starting a thread threw
   * (an {@link OutOfMemoryError} at the system's thread limit).
   */
  static final Executor THREADS = new ThreadPoolExecutor(0, Integer.MAX_VALUE, IDLE_SECONDS, TimeUnit.SECONDS,
      new SynchronousQueue<>(), InstancePool::newThread);

  /**
   * A thread with nothing of the thread that happened to need it first: not its group (whose
   * interrupt() would reach later runs), priority or inheritable thread locals, nor its context class
   * loader, nor (on JDKs that still have one) the access-control context of the code on its stack,
   * whose protection domains hold that code's class loaders: a kept thread would keep the application
   * whose run made it from being unloaded (outside-in helper-86, JDK 17).
   */
  @SuppressWarnings("removal")
  private static Thread newThread(Runnable r) {
    return AccessController.doPrivileged((PrivilegedAction<Thread>) () -> {
      Thread t = new Thread(group(), r, "sluice-idle-" + MADE.incrementAndGet(), 0, false);
      t.setDaemon(true);
      t.setPriority(Thread.NORM_PRIORITY);
      t.setContextClassLoader(null);
      t.setUncaughtExceptionHandler(InstancePool::uncaught);
      return t;
    });
  }

  private static ThreadGroup group;

  /** A group of the pool's own, under the JVM's top group rather than under some caller's. */
  private static synchronized ThreadGroup group() {
    if (group == null) {
      ThreadGroup top = Thread.currentThread().getThreadGroup();
      while (top.getParent() != null) {
        top = top.getParent();
      }
      group = new ThreadGroup(top, "sluice");
    }
    return group;
  }

  /**
   * The handler of the pool's own threads (not of threads node code starts, which join the group
   * without it). An instance's code catches whatever it throws; what reaches this handler came from
   * the pool's loop between instances, where a run that filled the heap can make taking the next task
   * fail too: the thread ends quietly (the run has failed with that error already, and the next run
   * makes a thread afresh) instead of printing the error a second time as uncaught (outside-in
   * helper-98). Anything else goes to the group, which prints it as the default handler does.
   */
  private static void uncaught(Thread t, Throwable e) {
    if (!(e instanceof OutOfMemoryError)) {
      t.getThreadGroup().uncaughtException(t, e);
    }
  }
}
