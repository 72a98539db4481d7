package dev.sluice.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * The parallel hand-written loops: one thread per core (as Sluice's CPU back end runs one instance per
 * core), each claiming chunks of the input from a shared counter and appending to its own output,
 * like a Sluice instance; the parts are joined after the threads end. The calling thread is one of
 * them and the others are kept between runs, as Sluice's are, so that neither side pays for starting
 * threads (about half a millisecond each on the bench's 2-core machine) and the ratios compare the
 * loops.
 */
public final class Parallel {
  private Parallel() {}

  private static final ExecutorService THREADS = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "bench-worker");
    t.setDaemon(true);
    return t;
  });

  /** Per thread state: gets chunk indices {@code [from, to)} to work on. */
  public interface Worker<R> {
    void chunk(int from, int to);

    R result();
  }

  public static int threads() {
    return Runtime.getRuntime().availableProcessors();
  }

  /**
   * Runs {@code n} items in chunks of {@code chunk} on {@link #threads()} threads; returns each worker's
   * result. Each worker is made on the thread that runs it, so what it allocates (its output buffer and
   * the buffer's count, written at every append) lies in that thread's own allocation buffer: made on
   * one thread, two workers' buffers sat in one cache line, and two threads appending took longer than
   * one (false sharing).
   */
  public static <R> List<R> run(int n, int chunk, IntFunction<Worker<R>> newWorker) {
    int t = threads();
    AtomicInteger next = new AtomicInteger();
    @SuppressWarnings("unchecked")
    Worker<R>[] workers = new Worker[t];
    Throwable[] failed = new Throwable[t];
    CountDownLatch done = new CountDownLatch(t - 1);
    for (int i = 1; i < t; i++) {
      int k = i;
      THREADS.execute(() -> {
        try {
          work(newWorker, workers, next, n, chunk, failed, k);
        } finally {
          done.countDown();
        }
      });
    }
    work(newWorker, workers, next, n, chunk, failed, 0);
    try {
      done.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    for (Throwable f : failed) {
      if (f != null) {
        throw new IllegalStateException("a worker failed: " + f, f);
      }
    }
    List<R> out = new ArrayList<>(t);
    for (Worker<R> w : workers) {
      out.add(w.result());
    }
    return out;
  }

  private static <R> void work(IntFunction<Worker<R>> newWorker, Worker<R>[] workers, AtomicInteger next, int n,
      int chunk, Throwable[] failed, int k) {
    try {
      Worker<R> w = newWorker.apply(k);
      workers[k] = w;
      while (true) {
        int from = next.getAndAdd(chunk);
        if (from >= n) {
          return;
        }
        w.chunk(from, Math.min(n, from + chunk));
      }
    } catch (Throwable e) {
      failed[k] = e;
    }
  }
}
