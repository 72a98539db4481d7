package dev.sluice.runtime.cpu;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.input.InputCursor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * For {@link InstanceThreadsTest}, in a JVM with a small heap: instance 0 fills the heap before the
 * thread of instance 1 starts, so that naming that thread fails too. Prints how the run ended within
 * 30 s, and whether anything escaped the thread's task.
 */
public final class FullHeapStartChild {
  private FullHeapStartChild() {}

  private static List<Object> held = new ArrayList<>();
  private static volatile Throwable escaped;

  private static void fill() {
    for (int size = 1 << 20; size > 0; ) {
      try {
        held.add(new long[size]);
      } catch (OutOfMemoryError e) {
        size /= 2;
      }
    }
  }

  public static void main(String[] args) throws InterruptedException {
    RunOptions two = new RunOptions(Device.cpu(), 2, 1, Long.MAX_VALUE);
    // a run first, so that the task's code is linked before the heap is full
    InstanceThreads.run("Warm", two, new RunControl(Long.MAX_VALUE), InputCursor.range(0, 10, 1), (c, ctl) -> c,
        c -> { }, full -> new IllegalStateException("heap full", full));
    CountDownLatch filled = new CountDownLatch(1);
    Thread[] worker = new Thread[1];
    AtomicInteger made = new AtomicInteger();
    String[] outcome = {"still running"};
    Thread caller = new Thread(() -> {
      try {
        InstanceThreads.run("Full", two, new RunControl(Long.MAX_VALUE), InputCursor.range(0, 10, 1),
            (c, ctl) -> made.getAndIncrement(), id -> {
              if (id == 0) {
                fill();
                filled.countDown();
                try {
                  worker[0].join();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
                held = null;
                throw new OutOfMemoryError("Java heap space");
              }
            }, r -> {
              worker[0] = new Thread(() -> {
                try {
                  filled.await();
                } catch (InterruptedException e) {
                  return;
                }
                r.run();
              });
              worker[0].setUncaughtExceptionHandler((t, e) -> escaped = e);
              worker[0].start();
            }, full -> new IllegalStateException("heap full", full));
        outcome[0] = "returned";
      } catch (Throwable t) {
        outcome[0] = "threw " + t;
      }
    });
    caller.start();
    caller.join(30_000);
    System.out.println("run " + outcome[0] + "; escaped: " + escaped);
    System.exit(0);
  }
}
