package dev.sluice.runtime.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.input.InputChunk;
import dev.sluice.runtime.input.InputCursor;
import dev.sluice.runtime.testing.ChildJvm;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Starting the instances' threads. */
class InstanceThreadsTest {
  @Test
  void aThreadTheSystemWillNotStartFailsTheRunAndStopsTheInstancesAlreadyRunning() throws InterruptedException {
    List<Thread> made = new CopyOnWriteArrayList<>();
    RunControl control = new RunControl(Long.MAX_VALUE);
    // an input no instance finishes in the test's time: only the stop ends them
    InputCursor cursor = InputCursor.range(0, Integer.MAX_VALUE, 1);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> InstanceThreads.run("Busy",
        new RunOptions(Device.cpu(), 6, 1, Long.MAX_VALUE), control, cursor, (c, ctl) -> c,
        c -> {
          InputChunk chunk = new InputChunk();
          while (!control.aborted() && c.claim(chunk)) {
            Thread.onSpinWait();
          }
        },
        r -> {
          if (made.size() == 3) {
            throw new OutOfMemoryError("unable to create native thread: possibly out of memory or process/resource"
                + " limits reached");
          }
          Thread t = new Thread(r);
          made.add(t);
          t.start();
        }, null));
    // instance 1 runs on this thread once the others have started: 2 to 4 did, 5 did not
    assertTrue(e.getMessage().startsWith("Busy: could not start the thread of pipeline instance 5 of 6"
        + " (java.lang.OutOfMemoryError: unable to create native thread"), e.getMessage());
    assertTrue(e.getMessage().endsWith("run fewer instances (instances(0) is one per core)"), e.getMessage());
    assertInstanceOf(OutOfMemoryError.class, e.getCause());
    for (Thread t : made) {
      // each has counted itself stopped when run() returns; its thread then ends
      t.join(10_000);
      assertFalse(t.isAlive(), t.getName() + " still runs after the run failed");
    }
  }

  /**
   * More instances than the heap holds: a message naming the run and the count, before any instance runs
   * (outside-in helper-29: a bare OutOfMemoryError from an ArrayList sized to the count, or from the
   * instances' buffers after long collecting).
   */
  @Test
  void moreInstancesThanTheHeapHoldsFailTheRunNamingTheCount() {
    int[] ran = {0};
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> InstanceThreads.run("Many",
        new RunOptions(Device.cpu(), InstanceThreads.MAX_INSTANCES, 1, Long.MAX_VALUE), new RunControl(Long.MAX_VALUE),
        InputCursor.range(0, 1, 1), (c, ctl) -> {
          if (++ran[0] == 5) {
            throw new OutOfMemoryError("Java heap space");
          }
          return c;
        }, c -> fail("no instance may run")));
    assertTrue(e.getMessage().startsWith("Many: the heap could not hold pipeline instance 5 of 32767"
        + " (java.lang.OutOfMemoryError: Java heap space)"), e.getMessage());
    assertTrue(e.getMessage().endsWith("run fewer instances (instances(0) is one per core)"), e.getMessage());
  }

  /**
   * A count above the cap is refused before any instance is made (outside-in helper-42:
   * instances(Integer.MAX_VALUE) took 187 s to fill a 6 GB heap, even for a 4-item input).
   */
  @Test
  void moreInstancesThanTheCapAreRefusedBeforeAnyIsMade() {
    for (int n : new int[] {InstanceThreads.MAX_INSTANCES + 1, Integer.MAX_VALUE}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> InstanceThreads.run("Many",
          new RunOptions(Device.cpu(), n, 1, Long.MAX_VALUE), new RunControl(Long.MAX_VALUE),
          InputCursor.range(0, 4, 1), (c, ctl) -> fail("no instance may be made"), c -> fail("no instance may run")));
      assertEquals("Many: instances(" + n + "): the CPU back end runs at most 32767 instances side by side, each on a"
          + " thread of its own; more would only fill the heap with instances that wait for a core (instances(0) is"
          + " one per core)", e.getMessage());
    }
  }

  /** What one instance saw of the thread that ran it. */
  private record Seen(Thread thread, String name, ClassLoader loader) {}

  private static List<Seen> runThree(ClassLoader loader, dev.sluice.runtime.ProgressListener progress) {
    Thread.currentThread().setContextClassLoader(loader);
    List<Seen> seen = new CopyOnWriteArrayList<>();
    InstanceThreads.run("Kept", new RunOptions(Device.cpu(), 3, 1, Long.MAX_VALUE, progress),
        new RunControl(Long.MAX_VALUE), InputCursor.range(0, 3, 1), (c, ctl) -> c, c -> {
          Thread self = Thread.currentThread();
          seen.add(new Seen(self, self.getName(), self.getContextClassLoader()));
        });
    return seen;
  }

  @Test
  void theCallerRunsTheFirstInstanceAndKeptThreadsTheOthersNamedAfterTheRun() throws InterruptedException {
    Thread caller = Thread.currentThread();
    ClassLoader before = caller.getContextClassLoader();
    ClassLoader mine = new java.net.URLClassLoader(new java.net.URL[0], before);
    try {
      List<Seen> first = runThree(mine, null);
      assertEquals(3, first.size());
      assertEquals(1, first.stream().filter(x -> x.thread() == caller).count(), "one instance on the caller's thread");
      List<Seen> others = first.stream().filter(x -> x.thread() != caller).toList();
      for (Seen x : others) {
        assertTrue(x.name().matches("sluice-Kept-[12]"), x.name());
        assertSame(mine, x.loader(), "an instance's thread has the caller's context class loader");
        assertTrue(x.thread().isDaemon());
        // between runs the thread is idle, under its own name and without the caller's loader
        assertTrue(x.thread().getName().startsWith("sluice-idle-"), x.thread().getName());
        assertNotSame(mine, x.thread().getContextClassLoader());
      }
      Thread.sleep(50); // the threads are back waiting for work
      List<Seen> second = runThree(mine, null);
      assertTrue(second.stream().anyMatch(x -> others.stream().anyMatch(o -> o.thread() == x.thread())),
          "the second run uses a thread the first made");
      // a progress listener is told on the caller's thread, so no instance runs there
      List<Seen> told = runThree(mine, (done, total) -> { });
      assertEquals(3, told.size());
      assertTrue(told.stream().noneMatch(x -> x.thread() == caller));
    } finally {
      caller.setContextClassLoader(before);
    }
  }

  @Test
  void nodeCodeThatInterruptsAKeptThreadAtItsLastItemInterruptsTheRun() {
    try {
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> InstanceThreads.run("Self",
          new RunOptions(Device.cpu(), 2, 1, Long.MAX_VALUE), new RunControl(Long.MAX_VALUE), InputCursor.range(0, 2, 1),
          (c, ctl) -> c, c -> {
            if (!Thread.currentThread().getName().startsWith("sluice-Self-")) {
              return; // the caller's instance
            }
            // after the instance's last look at the flag, as node code at the last item of its input does
            Thread.currentThread().interrupt();
          }));
      assertEquals("Self: interrupted while running", e.getMessage());
      assertTrue(Thread.currentThread().isInterrupted(), "the caller's flag is set, as for an interrupt of its own");
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void keptThreadsTakeTheCallersPriorityForTheRunAndNothingOfAnEarlierCallerOrNodeCode() throws Exception {
    // the first caller to need a thread is a low-priority thread of a group of its own
    ThreadGroup batch = new ThreadGroup("batch");
    List<Thread> used = new CopyOnWriteArrayList<>();
    List<Integer> priorities = new CopyOnWriteArrayList<>();
    Runnable run = () -> InstanceThreads.run("Prio", new RunOptions(Device.cpu(), 4, 1, Long.MAX_VALUE),
        new RunControl(Long.MAX_VALUE), InputCursor.range(0, 4, 1), (c, ctl) -> c, c -> {
          Thread self = Thread.currentThread();
          if (self.getName().startsWith("sluice-Prio-")) {
            used.add(self);
            priorities.add(self.getPriority());
            // node code changes its thread; the next run must not see it
            self.setPriority(Thread.MAX_PRIORITY);
            self.setUncaughtExceptionHandler((t, x) -> { });
          }
        });
    Thread low = new Thread(batch, run, "low");
    low.setPriority(Thread.MIN_PRIORITY);
    low.start();
    low.join();
    assertTrue(priorities.stream().allMatch(p -> p == Thread.MIN_PRIORITY), priorities.toString());
    for (Thread t : used) {
      assertEquals("sluice", t.getThreadGroup().getName(), "a group of the pool's own, not the first caller's");
      assertEquals(Thread.NORM_PRIORITY, t.getPriority(), "back to the pool as it came");
      assertNotSame(batch, t.getThreadGroup());
    }
    priorities.clear();
    Thread.currentThread().setPriority(Thread.NORM_PRIORITY);
    run.run();
    assertTrue(priorities.stream().allMatch(p -> p == Thread.NORM_PRIORITY), priorities.toString());
  }

  /**
   * An instance that fills the heap before another's thread has started: naming that thread fails
   * too, and the run fails with the heap-full failure instead of waiting for ever for a thread that
   * never counted itself stopped (outside-in helper-103; the error also escaped the thread's task).
   */
  @Test
  void aThreadThatStartsOnAFullHeapStillStops() throws Exception {
    ChildJvm.Output o = ChildJvm.run(FullHeapStartChild.class, List.of("-Xmx64m"), List.of(), Map.of());
    assertEquals("run threw java.lang.IllegalStateException: heap full; escaped: null", o.out().strip(), o.err());
  }
}
