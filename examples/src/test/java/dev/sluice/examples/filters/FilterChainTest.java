package dev.sluice.examples.filters;

import static dev.sluice.examples.Multisets.assertSameInts;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.examples.Multisets;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunReport;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FilterChainTest {
  static final int BOUND = 20_000;

  static int[] input(int n) {
    Random r = new Random(42);
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.nextInt(2 * BOUND) - BOUND / 2;
    }
    return a;
  }

  static void assertConserved(RunReport r, int inputs, int kept) {
    assertEquals(inputs, r.stage("numbers").itemsOut(), "source");
    assertEquals(r.stage("numbers").itemsOut(), r.stage("threes").itemsIn(), "threes in");
    assertEquals(r.stage("threes").itemsOut(), r.stage("odds").itemsIn(), "odds in");
    assertEquals(r.stage("odds").itemsOut(), r.stage("small").itemsIn(), "small in");
    assertEquals(r.stage("small").itemsOut(), r.sink("kept").items(), "sink");
    assertEquals(kept, r.sink("kept").items(), "sink vs result");
  }

  @Test
  void matchesReference() {
    for (int n : new int[] {0, 1, 5_000}) {
      int[] in = input(n);
      int[] expected = Reference.kept(in, 3, BOUND);
      for (int instances = 1; instances <= 2; instances++) {
        for (int chunk : Multisets.CHUNKS) {
          String what = "n=" + n + " instances=" + instances + " chunk=" + chunk;
          FilterChainPipeline.Result res = FilterChainPipeline.builder().small(() -> new Below(BOUND))
              .instances(instances).chunkSize(chunk).maxSteps(10_000_000).device(Device.cpu()).build().run(in);
          assertSameInts(expected, res.kept(), what);
          assertConserved(res.report(), n, res.kept().length);
        }
      }
    }
  }

  @Test
  void rangeAndChunkedInputsMatchReference() {
    int[] range = new int[3_000];
    for (int i = 0; i < range.length; i++) {
      range[i] = i - 1_000;
    }
    FilterChainPipeline p = FilterChainPipeline.builder().threes(() -> new MultipleOf(5))
        .small(() -> new Below(1_500)).instances(2).chunkSize(64).device(Device.cpu()).build();
    assertSameInts(Reference.kept(range, 5, 1_500), p.runRange(-1_000, 2_000).kept(), "runRange");
    int[] in = input(2_000);
    java.util.List<int[]> parts = java.util.List.of(java.util.Arrays.copyOfRange(in, 0, 700),
        new int[0], java.util.Arrays.copyOfRange(in, 700, 2_000));
    assertSameInts(Reference.kept(in, 5, 1_500), p.runChunks(parts.iterator()).kept(), "runChunks");
  }

  /**
   * A stream whose producer has gone quiet after its first array, and a node that fails on that
   * array's item: whichever instance takes it fails, and the other, waiting in the iterator for the
   * next array, is woken, so the run fails now with the node's exception (it used to wait for an
   * array that never came). The direct executor runs each claimed item through before it claims
   * again; the scheduled one reads ahead (its source claims the next chunk before the nodes fire on
   * this one), so with a producer gone quiet it would wait for input with or without a failure:
   * {@code CancelTest} covers its instances' threads, which are the same.
   */
  @Test
  void aFailureEndsARunWhoseOtherInstanceWaitsForInput() {
    for (Device d : new Device[] {Device.cpu()}) {
      java.util.concurrent.BlockingQueue<int[]> queue = new java.util.concurrent.LinkedBlockingQueue<>();
      queue.add(new int[] {7});
      java.util.Iterator<int[]> quiet = new java.util.Iterator<>() {
        @Override
        public boolean hasNext() {
          return true;
        }

        @Override
        public int[] next() {
          try {
            return queue.take();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the producer was interrupted", e);
          }
        }
      };
      FilterChainPipeline p = FilterChainPipeline.builder().threes(() -> new MultipleOf(0)).small(() -> new Below(BOUND))
          .instances(2).chunkSize(1).device(d).build();
      dev.sluice.runtime.PipelineException e = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
          java.time.Duration.ofSeconds(30), () -> {
            dev.sluice.runtime.PipelineException thrown = org.junit.jupiter.api.Assertions.assertThrows(
                dev.sluice.runtime.PipelineException.class, () -> p.runChunks(quiet));
            // the calling thread may have been the one woken in the iterator: its flag is cleared again
            org.junit.jupiter.api.Assertions.assertFalse(Thread.currentThread().isInterrupted(), d.toString());
            return thrown;
          }, d.toString());
      assertEquals("threes", e.node(), d + ": " + e);
      org.junit.jupiter.api.Assertions.assertInstanceOf(ArithmeticException.class, e.getCause(), d.toString());
    }
  }

  /** Too few firings for the input reads as a hang, with where every queue stood. */
  @Test
  void maxStepsFailsWithTheSchedulersState() {
    TinyFilterChainPipeline p = TinyFilterChainPipeline.builder().small(() -> new Below(BOUND))
        .instances(1).maxSteps(3).device(Device.cpuScheduled()).build();
    IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
        () -> p.run(input(3_000)));
    org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("scheduler exceeded 3 firings (a hang?) in instance 0")
        && e.getMessage().contains("; state: input read: "), e.getMessage());
  }

  @Test
  void tinySettingsMatchReference() {
    tinySettingsMatchReference(Device.cpu());
  }

  /** Width 2, one-run queues, on {@code device}. */
  static void tinySettingsMatchReference(Device device) {
    for (int n : new int[] {0, 3_000}) {
      int[] in = input(n);
      int[] expected = Reference.kept(in, 3, BOUND);
      for (int instances = 1; instances <= 2; instances++) {
        for (int chunk : Multisets.CHUNKS) {
          TinyFilterChainPipeline.Result res = TinyFilterChainPipeline.builder().small(() -> new Below(BOUND))
              .instances(instances).chunkSize(chunk).maxSteps(10_000_000).device(device).build().run(in);
          assertSameInts(expected, res.kept(), device.kind() + " tiny n=" + n + " instances=" + instances + " chunk=" + chunk);
          RunReport r = res.report();
          assertEquals(r.stage("numbers").itemsOut(), r.stage("threes").itemsIn());
          assertEquals(r.stage("small").itemsOut(), r.sink("kept").items());
          assertEquals(res.kept().length, r.sink("kept").items());
        }
      }
    }
  }
}
