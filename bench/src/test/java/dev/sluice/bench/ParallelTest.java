package dev.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ParallelTest {
  /** What one worker saw: the thread that made it and every thread that gave it chunks. */
  static final class Seen {
    final Thread maker = Thread.currentThread();
    Thread other;
    long items;
  }

  @Test
  void eachWorkerIsMadeOnTheThreadThatRunsItSoItsBufferIsItsOwn() {
    // with one thread every worker is made and run on the caller: nothing to tell apart
    org.junit.jupiter.api.Assumptions.assumeTrue(Parallel.threads() >= 2, "one core: a single worker");
    // each worker's first chunk waits for the others' first, so that every thread works
    CountDownLatch started = new CountDownLatch(Parallel.threads());
    List<Seen> seen = Parallel.run(1 << 20, 1024, t -> new Parallel.Worker<>() {
      final Seen s = new Seen();

      @Override
      public void chunk(int from, int to) {
        if (s.items == 0) {
          started.countDown();
          try {
            started.await(10, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            throw new IllegalStateException(e);
          }
        }
        if (Thread.currentThread() != s.maker) {
          s.other = Thread.currentThread();
        }
        s.items += to - from;
      }

      @Override
      public Seen result() {
        return s;
      }
    });
    assertEquals(Parallel.threads(), seen.size());
    long items = 0;
    for (Seen s : seen) {
      assertSame(null, s.other, "a worker got chunks on a thread other than the one that made it");
      items += s.items;
    }
    assertEquals(1 << 20, items);
    assertSame(Thread.currentThread(), seen.get(0).maker, "worker 0 runs on the calling thread");
  }

  @Test
  void oneWorkerThatCannotBeMadeFailsTheRunAfterTheOthersAreDone() {
    org.junit.jupiter.api.Assumptions.assumeTrue(Parallel.threads() >= 2, "one core: a single worker");
    java.util.concurrent.atomic.AtomicLong done = new java.util.concurrent.atomic.AtomicLong();
    IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
        () -> Parallel.run(1000, 10, t -> {
          if (t == 1) {
            throw new IllegalArgumentException("no worker 1");
          }
          return new Parallel.Worker<Long>() {
            @Override
            public void chunk(int from, int to) {
              done.addAndGet(to - from);
            }

            @Override
            public Long result() {
              return done.get();
            }
          };
        }));
    assertEquals(true, e.getMessage().contains("no worker 1"), e.getMessage());
    // the workers that were made took every chunk between them
    assertEquals(1000, done.get());
  }

  @Test
  void aWorkerThatCannotBeMadeFailsTheRun() {
    IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
        () -> Parallel.run(100, 10, t -> {
          throw new IllegalArgumentException("no worker " + t);
        }));
    assertEquals(true, e.getMessage().contains("no worker"), e.getMessage());
  }
}
