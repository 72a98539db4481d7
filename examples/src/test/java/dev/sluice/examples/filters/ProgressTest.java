package dev.sluice.examples.filters;

import static dev.sluice.examples.Multisets.assertSameInts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.ProgressListener;
import dev.sluice.runtime.testing.OpenClAvailable;
import dev.sluice.runtime.testing.SliceSize;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The builder's progress listener on both back ends: called, monotone, at a bounded rate, ending at the total. */
class ProgressTest {
  record Call(long done, long total, long nanos, Thread thread) {}

  static final class Recorder implements ProgressListener {
    final List<Call> calls = new ArrayList<>();

    @Override
    public void progress(long done, long total) {
      calls.add(new Call(done, total, System.nanoTime(), Thread.currentThread()));
    }

    /** Monotone, on the caller's thread, every call but the last at least the interval apart, the last at {@code total}. */
    void assertWellFormed(long total, long expectedTotalDuring) {
      assertTrue(!calls.isEmpty(), "never called");
      for (int i = 0; i < calls.size(); i++) {
        Call c = calls.get(i);
        assertSame(Thread.currentThread(), c.thread, "called on another thread");
        assertEquals(i == calls.size() - 1 ? total : expectedTotalDuring, c.total, "total of call " + i + ": " + calls);
        if (i > 0) {
          assertTrue(c.done >= calls.get(i - 1).done, "done went down: " + calls);
          if (i < calls.size() - 1) {
            long gap = c.nanos - calls.get(i - 1).nanos;
            assertTrue(gap >= (ProgressListener.INTERVAL_MILLIS - 20) * 1_000_000L, "calls " + gap + " ns apart: " + calls);
          }
        }
      }
      assertEquals(total, calls.get(calls.size() - 1).done, "last call: " + calls);
    }
  }

  /** Arrays of {@code size} items, one at a time, each after a pause: a run that lasts a while. */
  static Iterator<int[]> slowChunks(int[] in, int size, long pauseMillis) {
    return new Iterator<>() {
      int next;

      @Override
      public boolean hasNext() {
        return next < in.length;
      }

      @Override
      public int[] next() {
        try {
          Thread.sleep(pauseMillis);
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
        int[] a = Arrays.copyOfRange(in, next, Math.min(in.length, next + size));
        next += a.length;
        return a;
      }
    };
  }

  static FilterChainPipeline pipeline(Device device, ProgressListener listener) {
    return FilterChainPipeline.builder().small(() -> new Below(FilterChainTest.BOUND)).device(device).chunkSize(512)
        .progress(listener).build();
  }

  void knownAndUnknownTotals(Device device) {
    int[] in = FilterChainTest.input(40_000);
    int[] expected = Reference.kept(in, 3, FilterChainTest.BOUND);
    Recorder array = new Recorder();
    assertSameInts(expected, pipeline(device, array).run(in).kept(), "array");
    array.assertWellFormed(in.length, in.length);

    // 20 arrays, 60 ms apart: over a second, so the listener is told several times on the way
    Recorder stream = new Recorder();
    assertSameInts(expected, pipeline(device, stream).runChunks(slowChunks(in, 2_000, 60)).kept(), "stream");
    stream.assertWellFormed(in.length, ProgressListener.UNKNOWN);
    assertTrue(stream.calls.size() >= 3, "told only " + stream.calls);
    assertTrue(stream.calls.get(0).done < in.length, "nothing before the end: " + stream.calls);
  }

  /**
   * The report's time ends before the listener's last call, on every back end: OpenCL's counted it
   * (outside-in helper-77), so a slow listener lowered the run's items/s there alone. Not a speed
   * assertion: the listener's own sleep must lie between the report's time and the caller's.
   */
  void reportTimeLeavesTheLastCallOut(Device device) {
    int[] in = FilterChainTest.input(4_000);
    long sleep = 1_500;
    FilterChainPipeline p = pipeline(device, (done, total) -> {
      if (done == in.length) {
        try {
          Thread.sleep(sleep);
        } catch (InterruptedException e) {
          throw new IllegalStateException(e);
        }
      }
    });
    long t0 = System.nanoTime();
    long reported = p.run(in).report().nanos();
    long wall = System.nanoTime() - t0;
    assertTrue(wall - reported >= sleep * 1_000_000L, "the report's " + reported / 1_000_000 + " ms of the caller's "
        + wall / 1_000_000 + " ms hold the listener's " + sleep + " ms sleep");
  }

  /**
   * The report's time holds the node factories' calls, on every back end: OpenCL's counted them and
   * the CPU's started after them (outside-in helper-119). Not a speed assertion: a factory that
   * sleeps must lengthen the report's time by at least its sleep, once per instance made.
   */
  void reportTimeHoldsTheFactories(Device device, int instances) {
    int[] in = FilterChainTest.input(4_000);
    long sleep = 200;
    FilterChainPipeline p = FilterChainPipeline.builder().small(() -> {
      try {
        Thread.sleep(sleep);
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
      return new Below(FilterChainTest.BOUND);
    }).device(device).instances(instances).build();
    long reported = p.run(in).report().nanos();
    // on OpenCL the factory is called once per run (the kernel reads one object per node)
    long calls = device.kind() == Device.Kind.OPENCL ? 1 : instances;
    assertTrue(reported >= calls * sleep * 1_000_000L, "the report's " + reported / 1_000_000 + " ms leave out the "
        + calls + " factory calls of " + sleep + " ms");
  }

  void listenerFailureFailsTheRun(Device device) {
    RuntimeException boom = new IllegalArgumentException("listener broke");
    int[] in = FilterChainTest.input(40_000);
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> pipeline(device, (done, total) -> { throw boom; }).runChunks(slowChunks(in, 2_000, 30)));
    assertSame(boom, e.getCause());
    assertTrue(e.getMessage().contains("FilterChain: the progress listener failed at "), e.getMessage());
    assertTrue(e.getMessage().contains("so the run was stopped"), e.getMessage());

    // thrown only at the last call: the run had finished, so the message must not say it was stopped
    RuntimeException late = new IllegalArgumentException("listener broke late");
    IllegalStateException last = assertThrows(IllegalStateException.class,
        () -> pipeline(device, (done, total) -> {
          if (done == in.length && total == in.length) {
            throw late;
          }
        }).run(in));
    assertSame(late, last.getCause());
    assertTrue(last.getMessage().startsWith("FilterChain: the progress listener failed at its last call, once the run"
        + " had finished (40000 of 40000 items), so the run failed and its results were dropped: "), last.getMessage());

    // interrupted during the last call, the listener restoring the flag: the run fails as interrupted, as
    // for an interrupt during the last chunk or launch (it returned its result with the flag set:
    // outside-in helper-70)
    IllegalStateException interrupted = assertThrows(IllegalStateException.class,
        () -> pipeline(device, (done, total) -> {
          if (done == in.length && total == in.length) {
            Thread.currentThread().interrupt();
          }
        }).run(in));
    assertEquals("FilterChain: interrupted while running", interrupted.getMessage());
    assertTrue(Thread.interrupted(), "the flag stays set (and is cleared here)");
  }

  @Test
  void cpu() {
    knownAndUnknownTotals(Device.cpu());
    reportTimeLeavesTheLastCallOut(Device.cpu());
    reportTimeLeavesTheLastCallOut(Device.cpuScheduled());
    reportTimeHoldsTheFactories(Device.cpu(), 2);
    reportTimeHoldsTheFactories(Device.cpuScheduled(), 1);
    listenerFailureFailsTheRun(Device.cpu());
    listenerFailureFailsTheRun(Device.cpuScheduled());
  }

  @Test
  void opencl() {
    Device cl = OpenClAvailable.device();
    // slices of 2,000 items: one launch per array of the stream, progress after each
    SliceSize.with(2_000, () -> {
      knownAndUnknownTotals(cl);
      reportTimeLeavesTheLastCallOut(cl);
      reportTimeHoldsTheFactories(cl, 2);
      listenerFailureFailsTheRun(cl);
    });
  }
}
