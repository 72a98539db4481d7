package dev.sluice.runtime.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.input.InputCursor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Whatever node code, the input iterator or the progress listener throws fails the run on both CPU
 * executors, with one or two instances: checked exceptions that nobody declares (a "sneaky throw", as
 * Lombok's {@code @SneakyThrows} or Kotlin code do) included, which used to end an instance quietly
 * and return part of the result. An interrupt of the calling thread stops the run the same way
 * whether the instance runs on that thread or on its own.
 */
class RunFailuresTest {
  /** Throws {@code t} from code that declares no checked exception. */
  @SuppressWarnings("unchecked")
  static <T extends Throwable> RuntimeException sneaky(Throwable t) throws T {
    throw (T) t;
  }

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @ParameterizedTest
  @CsvSource({"false, 1", "false, 2", "true, 1", "true, 2"})
  void aCheckedExceptionFromNodeCodeFailsTheRun(boolean scheduled, int instances) {
    IOException thrown = new IOException("disk gone at 500");
    OneNodePipeline p = new OneNodePipeline(x -> {
      if (x == 500) {
        throw sneaky(thrown);
      }
    });
    PipelineException e = assertThrows(PipelineException.class,
        () -> p.run(scheduled, instances, 64, null, InputCursor.range(0, 1000, 64)));
    assertSame(thrown, e.getCause());
    assertEquals("OneNode", e.pipeline());
    assertTrue(e.getMessage().contains("IOException: disk gone at 500"), e.getMessage());
    // the generated code (as this test's) catches Throwable around each node call: node and item named
    assertEquals("node", e.node());
    assertEquals("500", e.item());
  }

  @ParameterizedTest
  @CsvSource({"false, 1", "false, 2", "true, 1", "true, 2"})
  void anUncheckedExceptionFromNodeCodeNamesNodeAndItem(boolean scheduled, int instances) {
    IllegalArgumentException thrown = new IllegalArgumentException("bad 500");
    OneNodePipeline p = new OneNodePipeline(x -> {
      if (x == 500) {
        throw thrown;
      }
    });
    PipelineException e = assertThrows(PipelineException.class,
        () -> p.run(scheduled, instances, 64, null, InputCursor.range(0, 1000, 64)));
    assertSame(thrown, e.getCause());
    assertEquals("node", e.node());
    assertEquals("500", e.item());
  }

  @ParameterizedTest
  @CsvSource({"false, 1, true", "false, 2, true", "true, 1, true", "true, 2, true",
      "false, 1, false", "false, 2, false", "true, 1, false", "true, 2, false"})
  void anInputIteratorThatThrowsFailsTheRun(boolean scheduled, int instances, boolean checked) {
    Throwable thrown = checked ? new IOException("read failed") : new UncheckedIOException(new IOException("read failed"));
    Iterator<int[]> arrays = new Iterator<>() {
      int given;

      @Override
      public boolean hasNext() {
        return true;
      }

      @Override
      public int[] next() {
        if (given == 3) {
          throw sneaky(thrown);
        }
        given++;
        return new int[100];
      }
    };
    AtomicInteger seen = new AtomicInteger();
    OneNodePipeline p = new OneNodePipeline(x -> seen.incrementAndGet());
    PipelineException e = assertThrows(PipelineException.class,
        () -> p.run(scheduled, instances, 64, null, InputCursor.stream(arrays, a -> a.length, 64)));
    assertSame(thrown, e.getCause());
    assertEquals("in", e.node());
    assertNull(e.item());
    assertEquals("pipeline OneNode, node 'in': the input iterator failed after giving arrays of 300 items in all: "
        + thrown.getClass().getSimpleName() + ": " + thrown.getMessage(), e.getMessage());
  }

  @ParameterizedTest
  @CsvSource({"false", "true"})
  void aProgressListenerThatThrowsACheckedExceptionStopsTheRun(boolean scheduled) {
    IOException thrown = new IOException("screen gone");
    OneNodePipeline p = new OneNodePipeline(x -> sleep(1));
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> p.run(scheduled, 1, 8, (done, total) -> {
          throw sneaky(thrown);
        }, InputCursor.range(0, 5_000, 8)));
    assertSame(thrown, e.getCause());
    assertTrue(e.getMessage().startsWith("OneNode: the progress listener failed"), e.getMessage());
  }

  @ParameterizedTest
  @CsvSource({"false, 1", "false, 2", "true, 1", "true, 2"})
  void anInterruptOfTheCallingThreadStopsTheRun(boolean scheduled, int instances) {
    // with one instance the node runs on the calling thread, with two on threads of their own
    Thread caller = Thread.currentThread();
    AtomicInteger seen = new AtomicInteger();
    OneNodePipeline p = new OneNodePipeline(x -> {
      if (seen.incrementAndGet() == 100) {
        caller.interrupt();
      }
    });
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> p.run(scheduled, instances, 64, null, InputCursor.range(0, 1_000_000, 64)));
    assertEquals("OneNode: interrupted while running", e.getMessage());
    assertTrue(Thread.currentThread().isInterrupted(), "the interrupt flag stays set");
    assertTrue(seen.get() < 1_000_000, "stopped early, after " + seen.get() + " items");
  }

  @ParameterizedTest
  @CsvSource({"false, 1", "false, 2", "true, 1", "true, 2"})
  void aRunCalledOnAnInterruptedThreadFails(boolean scheduled, int instances) {
    OneNodePipeline p = new OneNodePipeline(x -> {});
    Thread.currentThread().interrupt();
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> p.run(scheduled, instances, 64, null, InputCursor.range(0, 1000, 64)));
    assertEquals("OneNode: interrupted while running", e.getMessage());
    assertTrue(Thread.interrupted(), "the interrupt flag stays set");
    // and the next run, on a thread no longer interrupted, is whole
    assertEquals(1000, p.run(scheduled, instances, 64, null, InputCursor.range(0, 1000, 64)).length);
    assertFalse(Thread.currentThread().isInterrupted());
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
