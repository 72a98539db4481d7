package dev.sluice.runtime.cpu;

import static org.junit.jupiter.api.Assertions.assertFalse;
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
  void aThreadTheSystemWillNotStartFailsTheRunAndStopsTheInstancesAlreadyRunning() {
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
        (r, name) -> {
          if (made.size() == 3) {
            throw new OutOfMemoryError("unable to create native thread: possibly out of memory or process/resource"
                + " limits reached");
          }
          Thread t = new Thread(r, name);
          made.add(t);
          return t;
        }));
    assertTrue(e.getMessage().startsWith("Busy: could not start the thread of pipeline instance 4 of 6"
        + " (java.lang.OutOfMemoryError: unable to create native thread"), e.getMessage());
    assertTrue(e.getMessage().endsWith("run fewer instances (instances(0) is one per core)"), e.getMessage());
    assertInstanceOf(OutOfMemoryError.class, e.getCause());
    for (Thread t : made) {
      assertFalse(t.isAlive(), t.getName() + " still runs after the run failed");
    }
  }
}
