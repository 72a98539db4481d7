package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.opencl.InputFaults.Pair;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.testing.OpenClAvailable;
import dev.sluice.runtime.testing.SliceSize;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input and an interrupted caller end a run with the same exception and message on every back
 * end ({@link InputFaults}): a null item of a record source names its position (the CPU used to
 * blame a push to the source's channel, OpenCL threw a bare NullPointerException); an input iterator
 * that throws, a checked exception too, fails the run with it as the cause (the CPU used to drop a
 * checked one and return part of the result); and a run whose calling thread is interrupted stops
 * with an IllegalStateException, the flag left set (one CPU instance and OpenCL used to run to the
 * end).
 */
class InputFaultsTest {
  private static final Pair P = new Pair(1, 2);

  private static InputFaultsPipeline pipeline(String device, int instances) {
    return InputFaultsPipeline.builder().device(OpenClAvailable.named(device)).instances(instances).chunkSize(2)
        .maxSteps(10_000_000L).build();
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> RuntimeException sneaky(Throwable t) throws T {
    throw (T) t;
  }

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void aNullInputItemIsNamedByItsPosition(String device) {
    for (int instances : new int[] {1, 2}) {
      InputFaultsPipeline p = pipeline(device, instances);
      PipelineException e = assertThrows(PipelineException.class, () -> p.run(new Pair[] {P, P, P, null, P}));
      assertEquals("pipeline InputFaults, node 'in': the input item at position 3 is null", e.getMessage());
      assertEquals("InputFaults", e.pipeline());
      assertEquals("in", e.node());
      assertInstanceOf(NullPointerException.class, e.getCause());
      // in a stream the position counts the items of the arrays before
      PipelineException s = assertThrows(PipelineException.class,
          () -> p.runChunks(List.of(new Pair[] {P, P, P}, new Pair[] {P, null}).iterator()));
      assertEquals("pipeline InputFaults, node 'in': the input item at position 4 is null", s.getMessage());
      assertEquals(3, p.run(new Pair[] {P, P, P}).out().length);
    }
  }

  /**
   * A row of {@code runColumns} that the record's own constructor refuses (outside-in helper-50: the
   * CPU back ends failed on it, naming the claim; OpenCL never ran the constructor, so it ran the row,
   * or threw the bare exception where a sink built the record back).
   */
  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void aRowTheRecordsConstructorRefusesIsNamedByItsPosition(String device) {
    for (int instances : new int[] {1, 2}) {
      CheckedRowsPipeline p = CheckedRowsPipeline.builder().device(OpenClAvailable.named(device)).instances(instances).chunkSize(2)
          .build();
      float[] values = new float[6];
      PipelineException e = assertThrows(PipelineException.class, () -> p.runColumns(new int[] {1, 2, 3, 4, -5, 6}, values));
      assertEquals("pipeline CheckedRows, node 'in': the constructor of Reading refused the input row at position 4:"
          + " IllegalArgumentException: negative sensor -5", e.getMessage());
      assertEquals("in", e.node());
      assertInstanceOf(IllegalArgumentException.class, e.getCause());
      assertEquals(6, p.runColumns(new int[] {1, 2, 3, 4, 5, 6}, values).out().length);
      PipelineException sneaky = assertThrows(PipelineException.class,
          () -> p.runColumns(new int[] {1, 2, Integer.MIN_VALUE, 4, 5, 6}, values));
      assertEquals("pipeline CheckedRows, node 'in': the constructor of Reading refused the input row at position 2:"
          + " IOException: sensor unreadable", sneaky.getMessage());
      assertInstanceOf(java.io.IOException.class, sneaky.getCause());
      // running out of memory while the record is made is the JVM's failure, not a refused row (helper-98)
      Throwable oom = assertThrows(Throwable.class,
          () -> p.runColumns(new int[] {1, 2, Integer.MAX_VALUE, 4, 5, 6}, values));
      assertFalse(String.valueOf(oom.getMessage()).contains("refused the input row"), oom.toString());
      assertTrue(oom instanceof OutOfMemoryError || oom.getCause() instanceof OutOfMemoryError, oom.toString());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void anInputIteratorThatThrowsACheckedExceptionFailsTheRun(String device) {
    for (int instances : new int[] {1, 2}) {
      IOException thrown = new IOException("read failed");
      Iterator<Pair[]> arrays = new Iterator<>() {
        int given;

        @Override
        public boolean hasNext() {
          return true;
        }

        @Override
        public Pair[] next() {
          if (given++ == 2) {
            throw sneaky(thrown);
          }
          return new Pair[] {P, P, P};
        }
      };
      PipelineException e = assertThrows(PipelineException.class, () -> pipeline(device, instances).runChunks(arrays));
      assertEquals("pipeline InputFaults, node 'in': the input iterator failed after giving arrays of 6 items in all: IOException: read failed",
          e.getMessage());
      assertSame(thrown, e.getCause());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void anIteratorThatRefillsOneArrayOrReturnsNullFailsTheRun(String device) {
    for (int instances : new int[] {1, 2}) {
      // one buffer refilled by each next(): other instances may still be reading it (outside-in: items
      // lost and doubled with 2 instances, on some runs and not others)
      Pair[] buffer = new Pair[1000];
      Iterator<Pair[]> refilled = new Iterator<>() {
        int given;

        @Override
        public boolean hasNext() {
          return given < 200;
        }

        @Override
        public Pair[] next() {
          java.util.Arrays.fill(buffer, new Pair(given++, 0));
          return buffer;
        }
      };
      PipelineException e = assertThrows(PipelineException.class, () -> pipeline(device, instances).runChunks(refilled));
      assertTrue(e.getMessage().startsWith("pipeline InputFaults, node 'in': the input iterator failed after giving arrays of 1000 items in all:"
          + " IllegalStateException: the input iterator returned the same array object as before; return a new array"
          + " from each next()"), e.getMessage());
      // an empty array may be given again: nobody reads it
      Pair[] none = {};
      assertEquals(3, pipeline(device, instances)
          .runChunks(List.of(none, new Pair[] {P, P}, none, none, new Pair[] {P}).iterator()).out().length);
      PipelineException n = assertThrows(PipelineException.class,
          () -> pipeline(device, instances).runChunks(java.util.Arrays.asList(new Pair[] {P}, null).iterator()));
      assertEquals("pipeline InputFaults, node 'in': the input iterator failed after giving arrays of 1 item in all: NullPointerException:"
          + " the input iterator returned null instead of an array", n.getMessage());
      // a raw Iterator of another array type (outside-in: a bare ClassCastException from the cursor)
      @SuppressWarnings({"rawtypes", "unchecked"})
      Iterator<Pair[]> wrong = (Iterator) List.of(new Pair[] {P}, new long[] {1, 2}).iterator();
      PipelineException w = assertThrows(PipelineException.class, () -> pipeline(device, instances).runChunks(wrong));
      assertTrue(w.getMessage().startsWith("pipeline InputFaults, node 'in': the input iterator failed after giving arrays of 1 item in all:"
          + " ClassCastException: the input iterator returned a long[], not an array of the source's items ("),
          w.getMessage());
      assertInstanceOf(ClassCastException.class, w.getCause());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void aRunCalledOnAnInterruptedThreadFails(String device) {
    Pair[] input = new Pair[1000];
    java.util.Arrays.fill(input, P);
    for (int instances : new int[] {1, 2}) {
      InputFaultsPipeline p = pipeline(device, instances);
      Thread.currentThread().interrupt();
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> p.run(input));
      assertEquals("InputFaults: interrupted while running", e.getMessage());
      assertTrue(Thread.interrupted(), "the interrupt flag stays set");
      assertEquals(1000, p.run(input).out().length);
    }
  }

  @Test
  void anInterruptDuringAnOpenClRunStopsItBeforeTheNextLaunch() {
    // the progress listener runs on the calling thread, after a launch once 200 ms have passed: it
    // interrupts that thread at its first call, and the run has many small launches left then (the
    // CPU's instances stop the same way, see the runtime's RunFailuresTest)
    Pair[] input = new Pair[64 * 40_000];
    java.util.Arrays.fill(input, P);
    AtomicLong lastDone = new AtomicLong(-1);
    InputFaultsPipeline p = InputFaultsPipeline.builder().device(OpenClAvailable.device()).instances(1)
        .maxSteps(Long.MAX_VALUE).progress((done, total) -> {
          lastDone.set(done);
          Thread.currentThread().interrupt();
        }).build();
    SliceSize.with(64, () -> {
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> p.run(input));
      assertEquals("InputFaults: interrupted while running", e.getMessage());
    });
    assertTrue(Thread.interrupted(), "the interrupt flag stays set");
    assertTrue(lastDone.get() >= 0 && lastDone.get() < input.length, "told " + lastDone.get());
    assertFalse(Thread.currentThread().isInterrupted());
  }
}
