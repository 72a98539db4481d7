package dev.sluice.runtime.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.input.InputChunk;
import dev.sluice.runtime.input.InputCursor;
import java.util.Iterator;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * An interrupt of the calling thread cancels the run: it reaches an instance blocked on a kept thread,
 * in node code or in the input's iterator, and the run ends. A failure that came first stays the
 * run's outcome (outside-in helper-33: such runs waited for good, or lost the node's exception).
 */
class CancelTest {
  /** What a run on its own thread did: its outcome, and its thread's interrupt flag afterwards. */
  private record Outcome(Throwable thrown, boolean flag) {}

  /** Runs {@code run} on a thread of its own, interrupted once {@code ready} is down; fails if it hangs. */
  private static Outcome cancelled(CountDownLatch ready, Consumer<Thread> run) throws InterruptedException {
    return onItsOwnThread(run, caller -> {
      ready.await();
      Thread.sleep(200); // the instance blocks where it was going to
      caller.interrupt();
    });
  }

  /** Runs {@code run} on a thread of its own, so that its interrupt flag is its own; fails if it hangs. */
  private static Outcome run(Consumer<Thread> run) throws InterruptedException {
    return onItsOwnThread(run, caller -> { });
  }

  private interface Meanwhile {
    void with(Thread caller) throws InterruptedException;
  }

  private static Outcome onItsOwnThread(Consumer<Thread> run, Meanwhile meanwhile) throws InterruptedException {
    AtomicReference<Outcome> outcome = new AtomicReference<>();
    Thread caller = new Thread(() -> {
      Throwable thrown = null;
      try {
        run.accept(Thread.currentThread());
      } catch (Throwable t) {
        thrown = t;
      }
      outcome.set(new Outcome(thrown, Thread.currentThread().isInterrupted()));
    }, "caller");
    caller.setDaemon(true);
    caller.start();
    meanwhile.with(caller);
    caller.join(30_000);
    assertFalse(caller.isAlive(), "the run still waits 30 s on (after its caller was interrupted, if it was)");
    return outcome.get();
  }

  @Test
  void anInterruptReachesNodeCodeBlockedOnAKeptThread() throws InterruptedException {
    CountDownLatch blocked = new CountDownLatch(1);
    CountDownLatch never = new CountDownLatch(1);
    AtomicBoolean interrupted = new AtomicBoolean();
    Outcome o = cancelled(blocked, caller -> InstanceThreads.run("Blocked",
        new RunOptions(Device.cpu(), 2, 1, Long.MAX_VALUE), new RunControl(Long.MAX_VALUE),
        InputCursor.range(0, 2, 1), (c, ctl) -> c, c -> {
          if (Thread.currentThread() == caller) {
            return; // the caller's instance is done; it waits for the other
          }
          blocked.countDown();
          try {
            never.await();
          } catch (InterruptedException e) {
            interrupted.set(true);
            Thread.currentThread().interrupt();
          }
        }));
    assertEquals("Blocked: interrupted while running", o.thrown().getMessage());
    assertTrue(o.flag(), "the caller's flag stays set");
    assertTrue(interrupted.get(), "the node code's wait was interrupted");
  }

  @Test
  void anInterruptReachesAnInputIteratorBlockedOnAKeptThread() throws InterruptedException {
    CountDownLatch blocked = new CountDownLatch(1);
    Iterator<int[]> arrays = new QuietProducer(blocked, null, new IllegalStateException("cancelled"));
    RunControl control = new RunControl(Long.MAX_VALUE);
    Outcome o = cancelled(blocked, caller -> InstanceThreads.run("Stream",
        new RunOptions(Device.cpu(), 2, 1, Long.MAX_VALUE), control, InputCursor.stream(arrays, a -> a.length, 1),
        (c, ctl) -> c, c -> {
          if (Thread.currentThread() == caller) {
            // claims only once the kept thread waits in the iterator, holding the input's lock (an
            // interrupt that comes sooner leaves the flag set: the claim then returns at once)
            InstanceThreads.awaitAll(blocked);
          }
          claimAll(c, control);
        }));
    assertEquals("Stream: interrupted while running", o.thrown().getMessage());
    assertTrue(o.flag());
  }

  /**
   * An endless stream whose iterator answers an interrupt with empty arrays ("nothing now", the flag
   * restored) instead of throwing: the claim loop pulled them for good (outside-in helper-52).
   */
  @Test
  void anInterruptStopsAStreamThatAnswersItWithEmptyArrays() throws InterruptedException {
    CountDownLatch started = new CountDownLatch(1);
    Endless arrays = new Endless(0, started);
    RunControl control = new RunControl(Long.MAX_VALUE);
    Outcome o = cancelled(started, caller -> InstanceThreads.run("Empty", new RunOptions(Device.cpu(), 2, 1, Long.MAX_VALUE),
        control, InputCursor.stream(arrays, a -> a.length, 1), (c, ctl) -> c, c -> {
          claimAll(c, control);
        }));
    assertEquals("Empty: interrupted while running", o.thrown().getMessage());
    assertTrue(o.flag());
    assertTrue(arrays.pulls > 1, "it did pull until the interrupt: " + arrays.pulls);
  }

  @Test
  void nodeCodeOnTheCallersThreadThatRestoresTheFlagAndThrowsFailsTheRunWithItsException()
      throws InterruptedException {
    IllegalStateException mine = new IllegalStateException("lookup of item 5 failed");
    Outcome o = run(caller -> InstanceThreads.run("Own", new RunOptions(Device.cpu(), 2, 1, Long.MAX_VALUE),
        new RunControl(Long.MAX_VALUE), InputCursor.range(0, 2, 1), (c, ctl) -> c, c -> {
          if (Thread.currentThread() == caller) {
            Thread.currentThread().interrupt();
            throw mine;
          }
        }));
    assertSame(mine, o.thrown());
    assertTrue(o.flag(), "the flag is what the node code left");
  }

  @Test
  void anOutOfMemoryErrorMakingTheFirstInstanceIsThrownAsItWas() throws InterruptedException {
    // one instance does not fit (a factory's own error, say): "run fewer instances" would be no help
    OutOfMemoryError own = new OutOfMemoryError("Metaspace");
    Outcome o = run(caller -> InstanceThreads.run("Factory", new RunOptions(Device.cpu(), 3, 1, Long.MAX_VALUE),
        new RunControl(Long.MAX_VALUE), InputCursor.range(0, 3, 1), (c, ctl) -> {
          throw own;
        }, x -> { }));
    assertSame(own, o.thrown());
  }

  @Test
  void anInterruptAfterAFailureStillReachesAnInstanceBlockedOnAKeptThread() throws InterruptedException {
    CountDownLatch blocked = new CountDownLatch(1);
    CountDownLatch never = new CountDownLatch(1);
    RuntimeException mine = new RuntimeException("instance 0 failed");
    Outcome o = cancelled(blocked, caller -> InstanceThreads.run("Stuck",
        new RunOptions(Device.cpu(), 2, 1, Long.MAX_VALUE), new RunControl(Long.MAX_VALUE),
        InputCursor.range(0, 2, 1), (c, ctl) -> c, c -> {
          if (Thread.currentThread() == caller) {
            InstanceThreads.awaitAll(blocked);
            throw mine; // recorded before the interrupt
          }
          blocked.countDown();
          try {
            never.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }));
    assertSame(mine, o.thrown(), "the failure that came first is the run's outcome");
    assertTrue(o.flag());
  }

  @Test
  void anIteratorOnTheCallersThreadThatFailsOnItsInterruptFailsTheRunWithThatFailure() throws InterruptedException {
    CountDownLatch blocked = new CountDownLatch(1);
    IllegalStateException cancelled = new IllegalStateException("cancelled");
    RunControl control = new RunControl(Long.MAX_VALUE);
    QuietProducer arrays = new QuietProducer(blocked, null, cancelled);
    Outcome o = cancelled(blocked, caller -> {
      arrays.signals = caller;
      InstanceThreads.run("Stream", new RunOptions(Device.cpu(), 2, 1, Long.MAX_VALUE), control,
          InputCursor.stream(arrays, a -> a.length, 1), (c, ctl) -> c, c -> {
            if (Thread.currentThread() != caller) {
              // claims once the caller waits in the iterator, holding the input's lock
              InstanceThreads.awaitAll(blocked);
            }
            claimAll(c, control);
          });
    });
    // the iterator ran on the caller's thread, which the interrupt reached, and failed of it: its
    // failure is the run's, as node code's own exception on that thread would be
    assertSame(cancelled, o.thrown().getCause(), String.valueOf(o.thrown()));
    assertTrue(o.flag());
  }

  /**
   * A failure of one instance reaches another waiting on a kept thread in the input's iterator for an
   * array that never comes: the run fails with that failure at once, not with what the iterator
   * throws on being woken, and the caller's flag is clear (before {@link InputCursor#stop} such a run
   * waited for the next array for good).
   */
  @Test
  void aFailureReachesAnInputIteratorBlockedOnAKeptThread() throws InterruptedException {
    CountDownLatch blocked = new CountDownLatch(1);
    RuntimeException mine = new RuntimeException("instance 0 failed");
    IllegalStateException woken = new IllegalStateException("woken");
    QuietProducer arrays = new QuietProducer(blocked, null, woken);
    RunControl control = new RunControl(Long.MAX_VALUE);
    Outcome o = run(caller -> InstanceThreads.run("Failed", new RunOptions(Device.cpu(), 2, 1, Long.MAX_VALUE),
        control, InputCursor.stream(arrays, a -> a.length, 1), (c, ctl) -> c, c -> {
          if (Thread.currentThread() == caller) {
            InstanceThreads.awaitAll(blocked);
            throw mine;
          }
          claimAll(c, control);
        }));
    assertSame(mine, o.thrown());
    assertFalse(o.flag());
    assertTrue(arrays.interrupted, "the iterator's wait was interrupted");
  }

  /**
   * The same with the iterator waiting on the caller's thread: stop() interrupts it there, and clears
   * the flag again when the iterator returns, so the run ends with the kept thread's failure and the
   * caller's flag as it was; the iterator is not called again.
   */
  @Test
  void aFailureReachesAnInputIteratorBlockedOnTheCallersThread() throws InterruptedException {
    CountDownLatch blocked = new CountDownLatch(1);
    RuntimeException mine = new RuntimeException("instance 1 failed");
    QuietProducer arrays = new QuietProducer(blocked, null, new IllegalStateException("woken"));
    RunControl control = new RunControl(Long.MAX_VALUE);
    Outcome o = run(caller -> {
      arrays.signals = caller;
      InstanceThreads.run("Failed", new RunOptions(Device.cpu(), 2, 1, Long.MAX_VALUE), control,
          InputCursor.stream(arrays, a -> a.length, 1), (c, ctl) -> c, c -> {
            if (Thread.currentThread() != caller) {
              InstanceThreads.awaitAll(blocked);
              throw mine;
            }
            claimAll(c, control);
          });
    });
    assertSame(mine, o.thrown());
    assertFalse(o.flag(), "the interrupt that woke the iterator was the run's, not the caller's");
    assertTrue(arrays.interrupted);
    assertEquals(2, arrays.calls, "next() after the failure");
  }

  /** After stop() a stream is not pulled again, and claims nothing. */
  @Test
  void aStoppedStreamClaimsNothing() {
    Endless arrays = new Endless(2, new CountDownLatch(0));
    InputCursor c = InputCursor.stream(arrays, a -> a.length, 1);
    InputChunk chunk = new InputChunk();
    assertTrue(c.claim(chunk));
    c.stop();
    assertFalse(c.claim(chunk));
    assertEquals(1, arrays.pulls);
  }

  /**
   * An input of one array of four items, then a producer gone quiet: every later {@code next()} waits
   * for good, after opening {@code blocked} (when {@link #signals} is null or the calling thread), and
   * on an interrupt restores the flag and throws {@code onInterrupt}.
   */
  private static final class QuietProducer implements Iterator<int[]> {
    private final CountDownLatch blocked;
    private final CountDownLatch never = new CountDownLatch(1);
    private final RuntimeException onInterrupt;
    volatile Thread signals;
    int calls;
    /** A wait in {@code next()} was interrupted. */
    volatile boolean interrupted;

    QuietProducer(CountDownLatch blocked, Thread signals, RuntimeException onInterrupt) {
      this.blocked = blocked;
      this.signals = signals;
      this.onInterrupt = onInterrupt;
    }

    @Override
    public boolean hasNext() {
      return true;
    }

    @Override
    public synchronized int[] next() {
      if (calls++ == 0) {
        return new int[4];
      }
      if (signals == null || Thread.currentThread() == signals) {
        blocked.countDown();
      }
      try {
        never.await();
      } catch (InterruptedException e) {
        interrupted = true;
        Thread.currentThread().interrupt();
        throw onInterrupt;
      }
      throw new AssertionError("unreachable");
    }
  }

  /** An instance's claim loop over {@code c}, as the executors have it: claims until none or a stop. */
  private static void claimAll(InputCursor c, RunControl control) {
    InputChunk chunk = new InputChunk();
    while (!control.aborted() && c.claim(chunk)) {
      chunk.pos = chunk.end;
    }
  }

  /** A stream that never ends: arrays of {@code length} items, counted, each pull opening {@code pulled}. */
  private static final class Endless implements Iterator<int[]> {
    private final int length;
    private final CountDownLatch pulled;
    volatile long pulls;

    Endless(int length, CountDownLatch pulled) {
      this.length = length;
      this.pulled = pulled;
    }

    @Override
    public boolean hasNext() {
      return true;
    }

    @Override
    public int[] next() {
      pulls++;
      pulled.countDown();
      return new int[length];
    }
  }
}
