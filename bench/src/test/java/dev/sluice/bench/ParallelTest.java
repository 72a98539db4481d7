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
  void aWorkerThatCannotBeMadeFailsTheRun() {
    IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
        () -> Parallel.run(100, 10, t -> {
          throw new IllegalArgumentException("no worker " + t);
        }));
    assertEquals(true, e.getMessage().contains("no worker"), e.getMessage());
  }
}
