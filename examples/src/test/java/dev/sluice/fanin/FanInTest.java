package dev.sluice.fanin;

import static dev.sluice.examples.Multisets.assertSameInts;

import dev.sluice.examples.Multisets;
import dev.sluice.runtime.Device;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Fan-in on the CPU back end against the plain-Java reference: producers with unequal maxima, two
 * channels of one node into one join, the source and a transform, an END handler and a transform,
 * an enumerator as the join, with default and with the smallest settings. No internal queue may overflow.
 */
class FanInTest {
  static final int[] SIZES = {0, 1, 4, 10, 1_000, 100_000};
  static final int[] INSTANCES = {1, 2};

  /**
   * How a shape is run: on one device, with the instances and chunk sizes to try. The largest input
   * runs with the largest chunk only (it overflowed with the default settings there), to keep the
   * suite short.
   */
  record Runs(Device device, int[] instances, int[] chunks) {
    int[] chunksFor(int n) {
      return n > 1_000 ? new int[] {chunks[chunks.length - 1]} : chunks;
    }
  }

  /** Runs {@code run}; a failure names the pipeline and the run's settings. */
  static <T> T attempt(String what, Supplier<T> run) {
    try {
      return run.get();
    } catch (RuntimeException e) {
      throw new AssertionError(what + ": " + e.getMessage(), e);
    }
  }

  private static String what(String pipeline, Runs r, int n, int instances, int chunk) {
    return pipeline + " on " + r.device().kind() + " n=" + n + " instances=" + instances + " chunk=" + chunk;
  }

  static void unequalMaxima(Runs r) {
    // default settings at every size first (they overflowed only at the largest), then the smallest
    for (boolean tinySettings : new boolean[] {false, true}) {
      for (int n : SIZES) {
        int[] in = FanInReference.upTo(n);
        int[] expected = FanInReference.unequalMaxima(in);
        for (int instances : r.instances()) {
          for (int chunk : r.chunksFor(n)) {
            String what = what(tinySettings ? "TinyUnequalMaxima" : "UnequalMaxima", r, n, instances, chunk);
            assertSameInts(expected, attempt(what, () -> tinySettings
                ? TinyUnequalMaximaPipeline.builder().instances(instances).chunkSize(chunk).device(r.device())
                    .build().run(in).out()
                : UnequalMaximaPipeline.builder().instances(instances).chunkSize(chunk).device(r.device())
                    .build().run(in).out()), what);
          }
        }
      }
    }
  }

  static void twoChannels(Runs r) {
    for (int n : SIZES) {
      int[] in = FanInReference.upTo(n);
      int[] out = FanInReference.twoChannelsOut(in);
      int[] a = FanInReference.twoChannelsA(in);
      int[] both = FanInReference.twoChannelsBoth(in);
      for (int instances : r.instances()) {
        for (int chunk : r.chunksFor(n)) {
          String what = what("TwoChannels", r, n, instances, chunk);
          TwoChannelsPipeline.Result two = attempt(what, () -> TwoChannelsPipeline.builder()
              .instances(instances).chunkSize(chunk).device(r.device()).build().run(in));
          assertSameInts(out, two.out(), what + " out");
          assertSameInts(a, two.a(), what + " a");
          assertSameInts(both, two.both(), what + " both");
          String tinyWhat = what("TinyTwoChannels", r, n, instances, chunk);
          TinyTwoChannelsPipeline.Result tiny = attempt(tinyWhat, () -> TinyTwoChannelsPipeline.builder()
              .instances(instances).chunkSize(chunk).device(r.device()).build().run(in));
          assertSameInts(out, tiny.out(), tinyWhat + " out");
          assertSameInts(a, tiny.a(), tinyWhat + " a");
          assertSameInts(both, tiny.both(), tinyWhat + " both");
          String oneWhat = what("WidthOneTwoChannels", r, n, instances, chunk);
          WidthOneTwoChannelsPipeline.Result one = attempt(oneWhat, () -> WidthOneTwoChannelsPipeline.builder()
              .instances(instances).chunkSize(chunk).device(r.device()).build().run(in));
          assertSameInts(out, one.out(), oneWhat + " out");
          assertSameInts(a, one.a(), oneWhat + " a");
          assertSameInts(both, one.both(), oneWhat + " both");
        }
      }
    }
  }

  static void sourceAndThree(Runs r) {
    for (int n : SIZES) {
      int[] in = FanInReference.upTo(n);
      int[] expected = FanInReference.sourceAndThree(in);
      for (int instances : r.instances()) {
        for (int chunk : r.chunksFor(n)) {
          String what = what("SourceAndThree", r, n, instances, chunk);
          assertSameInts(expected, attempt(what, () -> SourceAndThreePipeline.builder().instances(instances)
              .chunkSize(chunk).device(r.device()).build().run(in)).out(), what);
        }
      }
    }
  }

  static void endAndRun(Runs r) {
    for (int n : SIZES) {
      FanInNodes.Doc[] docs = FanInReference.docs(n);
      int[] expected = FanInReference.endAndRun(docs);
      for (int instances : r.instances()) {
        for (int chunk : r.chunksFor(n)) {
          String what = what("EndAndRun", r, n, instances, chunk);
          assertSameInts(expected, attempt(what, () -> EndAndRunPipeline.builder().instances(instances)
              .chunkSize(chunk).device(r.device()).build().run(docs)).out(), what);
          String tiny = what("TinyEndAndRun", r, n, instances, chunk);
          assertSameInts(expected, attempt(tiny, () -> TinyEndAndRunPipeline.builder().instances(instances)
              .chunkSize(chunk).device(r.device()).build().run(docs)).out(), tiny);
        }
      }
    }
  }

  static void joinEnumerates(Runs r) {
    for (int n : SIZES) {
      int[] in = FanInReference.upTo(n);
      int[] expected = FanInReference.joinEnumerates(in);
      for (int instances : r.instances()) {
        for (int chunk : r.chunksFor(n)) {
          String what = what("JoinEnumerates", r, n, instances, chunk);
          assertSameInts(expected, attempt(what, () -> JoinEnumeratesPipeline.builder().instances(instances)
              .chunkSize(chunk).device(r.device()).build().run(in)).out(), what);
          String tiny = what("TinyJoinEnumerates", r, n, instances, chunk);
          assertSameInts(expected, attempt(tiny, () -> TinyJoinEnumeratesPipeline.builder().instances(instances)
              .chunkSize(chunk).device(r.device()).build().run(in)).out(), tiny);
        }
      }
    }
  }

  private static final Runs CPU = new Runs(Device.cpu(), INSTANCES, Multisets.CHUNKS);

  @Test
  void unequalMaximaMatchReference() {
    unequalMaxima(CPU);
  }

  @Test
  void twoChannelsOfOneNodeMatchReference() {
    twoChannels(CPU);
  }

  @Test
  void sourceAndTransformMatchReference() {
    sourceAndThree(CPU);
  }

  @Test
  void endHandlerAndTransformMatchReference() {
    endAndRun(CPU);
  }

  @Test
  void enumeratorJoinMatchesReference() {
    joinEnumerates(CPU);
  }
}
