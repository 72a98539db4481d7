package dev.sluice.runtime.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.input.InputChunk;
import dev.sluice.runtime.input.InputCursor;
import java.util.List;
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
        }));
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
}
