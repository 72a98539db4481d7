package dev.sluice.runtime.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.RunReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

class SchedulerTest {
  static Stream<Arguments> configs() {
    // width, queueScale, signal queue, parent buffer, instances, chunk
    return Stream.of(
        Arguments.of(1, 1, 4, 1, 1, 1),
        Arguments.of(2, 1, 4, 1, 1, 3),
        Arguments.of(4, 1, 4, 2, 1, 5),
        Arguments.of(3, 2, 5, 1, 2, 7),
        Arguments.of(8, 1, 4, 3, 2, 64),
        Arguments.of(64, 4, 16, 64, 1, 16384),
        Arguments.of(64, 4, 16, 64, 2, 100));
  }

  static int[] input(int n, long seed) {
    Random r = new Random(seed);
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.nextInt(50);
    }
    return a;
  }

  static List<Integer> referenceKept(int[] in) {
    List<Integer> out = new ArrayList<>();
    for (int p : in) {
      for (int e = 0; e < p % 9; e++) {
        if ((e + p) % 2 == 0) {
          out.add(p * 100 + e);
        }
      }
    }
    return out;
  }

  static List<Long> referencePerParent(int[] in) {
    List<Long> out = new ArrayList<>();
    for (int p : in) {
      int n = 0;
      for (int e = 0; e < p % 9; e++) {
        if ((e + p) % 2 == 0) {
          n++;
        }
      }
      out.add(p * 1000L + n);
    }
    return out;
  }

  static <T extends Comparable<T>> List<T> sorted(List<T> l) {
    List<T> c = new ArrayList<>(l);
    c.sort(null);
    return c;
  }

  static RunOptions options(int instances, int chunk) {
    return new RunOptions(Device.cpu(), instances, chunk, 10_000_000);
  }

  @ParameterizedTest(name = "width {0}, scale {1}, signals {2}, parents {3}, instances {4}, chunk {5}")
  @MethodSource("configs")
  void matchesReferenceAndConservesItems(int width, int scale, int sig, int parents, int instances, int chunk) {
    int[] in = input(2000, width * 31L + parents);
    ExpandPipeline p = new ExpandPipeline(width, scale, sig, parents);
    ExpandPipeline.Result r = p.run(in, options(instances, chunk));
    assertEquals(sorted(referenceKept(in)), sorted(r.kept()));
    assertEquals(sorted(referencePerParent(in)), sorted(r.perParent()));
    RunReport rep = r.report();
    // conservation along every edge: what a node pushed is what its consumer consumed
    assertEquals(in.length, rep.stage("nums").itemsIn());
    assertEquals(rep.stage("nums").itemsOut(), rep.stage("expand").itemsIn());
    assertEquals(rep.stage("expand").itemsOut(), rep.stage("keep").itemsIn());
    assertEquals(rep.stage("keep").itemsOut(), rep.stage("count").itemsIn());
    assertEquals(rep.stage("keep").itemsOut(), rep.sink("kept").items());
    assertEquals(rep.stage("count").itemsOut(), rep.sink("perParent").items());
    // every parent's BEGIN and END passed keep and count
    assertEquals(2L * in.length, rep.stage("keep").signals());
    assertEquals(2L * in.length, rep.stage("count").signals());
  }

  @Test
  void tinyParentBufferBlocksAndFlushesTheRegion() {
    int[] in = input(500, 7);
    ExpandPipeline.Result r = new ExpandPipeline(4, 1, 16, 1).run(in, options(1, 50));
    RunReport.StageStats expand = r.report().stage("expand");
    assertTrue(expand.blocks() > 0, "a one-slot parent buffer must block the enumerator");
    assertTrue(r.report().stage("keep").flushes() > 1, "region flushes besides the final one");
    assertEquals(sorted(referencePerParent(in)), sorted(r.perParent()));
  }

  @Test
  void firingsEndWithPartlyUsedCreditStoredBack() {
    int[] in = input(500, 9);
    ExpandPipeline.Result r = new ExpandPipeline(2, 1, 16, 4).run(in, options(1, 50));
    assertTrue(r.creditStores(2) + r.creditStores(3) > 0,
        "with two-item runs, a child fills before a long parent's END credit is used up");
    assertEquals(sorted(referenceKept(in)), sorted(r.kept()));
  }

  @Test
  void pushBeyondMaxNamesPipelineNodeAndItem() {
    int[] in = {11, 22, 13};
    ExpandPipeline p = new ExpandPipeline(4, 1, 4, 2);
    p.pushTwiceAt = 2202; // parent 22, element 2
    PipelineException e = assertThrows(PipelineException.class, () -> p.run(in, options(1, 2)));
    assertEquals("Expand", e.pipeline());
    assertEquals("keep", e.node());
    assertEquals("2", e.item());
    assertTrue(e.getMessage().contains("@Max(1)"), e.getMessage());
    // the same pipeline runs again once the input is good
    p.pushTwiceAt = -1;
    assertEquals(sorted(referencePerParent(in)), sorted(p.run(in, options(1, 2)).perParent()));
  }

  @Test
  void parentWithTooManyElementsIsAnError() {
    int[] in = {3, 77, 5};
    ExpandPipeline p = new ExpandPipeline(4, 1, 4, 2);
    p.bigCount = 5000;
    PipelineException e = assertThrows(PipelineException.class, () -> p.run(in, options(2, 1)));
    assertEquals("expand", e.node());
    assertEquals("77", e.item());
    assertTrue(e.getMessage().contains("maxElements"), e.getMessage());
  }

  @Test
  void stepBoundTurnsAHangIntoAFailure() {
    int[] in = input(1000, 3);
    ExpandPipeline p = new ExpandPipeline(2, 1, 4, 1);
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> p.run(in, new RunOptions(Device.cpu(), 1, 10, 50)));
    assertTrue(e.getMessage().contains("exceeded 50 firings"), e.getMessage());
  }
}
