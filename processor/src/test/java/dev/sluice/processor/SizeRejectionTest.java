package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.sluice.processor.Sources.compile;
import static dev.sluice.processor.Sources.java;
import static dev.sluice.processor.Sources.rejects;

import com.google.testing.compile.Compilation;
import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.compute.SizeLimits;
import dev.sluice.processor.diagnostics.Message;
import java.math.BigInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Sizes past {@link SizeLimits} (SLU123, SLU124, SLU125, SLU509, SLU510): each on the annotation value that
 * makes the number too large, naming the number and the limit; extreme values never reach an
 * internal error (SLU999), and the largest accepted values compile.
 */
class SizeRejectionTest {
  private static final String LIMIT = String.valueOf(SizeLimits.MAX_INSTANCE_ITEMS);

  private static final String NODES = """
      record Line(int start, int end) {}
      @SignalTag record Flush(int id) {}
      @Node final class Inc { void run(int x, IntOut out) { out.push(x + 1); } }
      @Node @Region final class Chars { int count(Line l) { return l.end() - l.start(); } }
      @Node final class Raiser { void run(int x, IntOut out, Raise<Flush> flush) { out.push(x); } }
      @Node final class Catch { void run(int x, IntOut out) { out.push(x); }
                                @SignalHandler void flush(Flush f, IntOut out) { } }
      """;

  @Test
  void widthAboveTheLimit() {
    rejects(java("P", """
        @Pipeline(
            width = 65537)
        interface P {
          @Source int in();
          @Sink @From("in") int out();
        }
        """), Message.SETTING_TOO_LARGE, "width = 65537", "@Pipeline(width = 65537) must be at most 65536");
  }

  /**
   * A chain of {@code transforms} stages of one node class, {@code @Pipeline(gpu = false)} (no kernel to
   * translate: quicker).
   */
  private static JavaFileObject chain(int transforms) {
    String stages = IntStream.range(1, transforms).mapToObj(i -> "  @From(\"s" + (i - 1) + "\") Inc s" + i + "();\n")
        .collect(Collectors.joining());
    return java("P", NODES + "@Pipeline(gpu = false)\ninterface P {\n  @Source int in();\n  @From(\"in\") Inc s0();\n" + stages
        + "  @Sink @From(\"s" + (transforms - 1) + "\") int out();\n}\n");
  }

  /**
   * Past 500 stages the scheduled CPU instance's constructor nears the JVM's 64 KB a method (a chain of
   * 650 failed with javac's "code too large", and at some 250 stages javac's stack overflowed on the
   * plan's one chained expression before that; outside-in helper-84): refused by name, with the way out.
   * The largest chain accepted compiles.
   */
  @Test
  void aPipelineOfMoreThanItsStagesIsRefusedAndTheLargestCompiles() {
    rejects(chain(SizeLimits.MAX_STAGES - 1), Message.PIPELINE_TOO_LARGE, "interface P",
        "pipeline P has 501 stages (the source and sinks counted), more than the 500 its generated classes can hold",
        "split it into pipelines that run one after another");
    assertThat(compile(chain(SizeLimits.MAX_STAGES - 2))).succeeded();
  }

  /** A sink has no queue, but one run's pushes into it are bounded too; the product overflowed an int once (SLU999). */
  @Test
  void maxIntoASinkAboveTheLimit() {
    rejects(java("P", NODES + """
        @Node final class Wide { void run(int x,
            @Max(40_000_000) IntOut out) { } }
        @Pipeline interface P {
          @Source int in();
          @From("in") Wide wide();
          @Sink @From("wide") int out();
        }
        """), Message.SINK_RUN_TOO_LARGE, "@Max(40_000_000) IntOut out",
        "channel 'out' of stage 'wide' may push 2560000000 items into sink 'out' in one run (@Max(40000000) per item, width 64)",
        "limit of " + LIMIT);
  }

  @Test
  void widthAtIntMaxIsAnErrorNotAnInternalError() {
    rejects(java("P", """
        @Pipeline(
            width = Integer.MAX_VALUE)
        interface P {
          @Source int in();
          @Sink @From("in") int out();
        }
        """), Message.SETTING_TOO_LARGE, "width = Integer.MAX_VALUE", "width = 2147483647");
  }

  @Test
  void maxMakesTheQueueTooLarge() {
    rejects(java("P", NODES + """
        @Node final class Expand { void run(int x,
                                            @Max(1000000) IntOut out) { } }
        @Pipeline interface P {
          @Source int in();
          @From("in") Expand expand();
          @From("expand") Inc inc();
          @Sink @From("inc") int out();
        }
        """), Message.QUEUE_TOO_LARGE, "@Max(1000000)", "stage 'inc' would hold 256000000 items",
        "max(64000000 x queueScale 4, 64000000 + 64)", "limit of " + LIMIT, "lower @Max(1000000) on channel 'out' of stage 'expand'");
  }

  @Test
  void maxAndQueueScaleAtIntMaxOverflowNothing() {
    JavaFileObject f = java("P", NODES + """
        @Node final class Expand { void run(int x,
                                            @Max(Integer.MAX_VALUE) IntOut out) { } }
        @Pipeline(width = 65536,
            queueScale = Integer.MAX_VALUE) interface P {
          @Source int in();
          @From("in") Expand expand();
          @From("expand") Inc inc();
          @Sink @From("inc") int out();
        }
        """);
    Compilation c = compile(f);
    // expand's queue would fit but for the scale; inc's does not fit even unscaled: two values to lower
    Sources.assertError(c, Message.QUEUE_TOO_LARGE, f, "queueScale = Integer.MAX_VALUE", "stage 'expand'",
        "lower @Pipeline(queueScale)");
    Sources.assertError(c, Message.QUEUE_TOO_LARGE, f, "@Max(Integer.MAX_VALUE)",
        // (2^31 - 1) x 2^16 items per run, times 2^31 - 1: past a long, and still named exactly
        "stage 'inc' would hold " + BigInteger.valueOf(Integer.MAX_VALUE).pow(2).shiftLeft(16) + " items");
    assertThat(Sources.sluiceErrors(c)).hasSize(2);
  }

  @Test
  void handlerMaxCountsToo() {
    rejects(java("P", NODES + """
        @Node final class Burst { void run(int x, IntOut out) { }
          @SignalHandler(Signal.END) void end(Line l,
              @Aggregate @Max(20000000) IntOut many) { } }
        @Pipeline interface P {
          @Source Line lines();
          @From("lines") Chars chars();
          @From("chars") Burst burst();
          @From("burst.many") Inc inc();
          @Sink @From("inc") int out();
          @Sink @From("burst.out") int rest();
        }
        """), Message.QUEUE_TOO_LARGE, "@Max(20000000)", "stage 'inc' would hold 80000000 items");
  }

  @Test
  void queueScaleMakesTheQueueTooLarge() {
    rejects(java("P", NODES + """
        @Pipeline(
            queueScale = 1000000)
        interface P {
          @Source int in();
          @From("in") Inc inc();
          @Sink @From("inc") int out();
        }
        """), Message.QUEUE_TOO_LARGE, "queueScale = 1000000", "would hold 64000000 items", "lower @Pipeline(queueScale)");
  }

  @Test
  void queueScaleAtIntMax() {
    rejects(java("P", NODES + """
        @Pipeline(
            queueScale = Integer.MAX_VALUE)
        interface P {
          @Source int in();
          @From("in") Inc inc();
          @Sink @From("inc") int out();
        }
        """), Message.QUEUE_TOO_LARGE, "queueScale = Integer.MAX_VALUE", "would hold 137438953408 items");
  }

  /** A join of {@code channels} channels of one node, each {@code @Max(1)}, at width 65536. */
  private static JavaFileObject wideJoin(int channels) {
    String params = IntStream.range(0, channels).mapToObj(i -> "IntOut c" + i).collect(Collectors.joining(", "));
    String from = IntStream.range(0, channels).mapToObj(i -> "\"split.c" + i + "\"").collect(Collectors.joining(", "));
    return java("P", NODES + "@Node final class Split { void run(int x, " + params + ") { } }\n"
        + "@Pipeline(\n    width = 65536)\ninterface P {\n  @Source int in();\n  @From(\"in\") Split split();\n"
        + "  @From({" + from + "}) Inc join();\n  @Sink @From(\"join\") int out();\n}\n");
  }

  @Test
  void widthMakesAJoinTooLarge() {
    // 65 channels x 65536 x queueScale 4 > 2^24, and no @Max to blame
    rejects(wideJoin(65), Message.QUEUE_TOO_LARGE, "width = 65536", "stage 'join' would hold 17039360 items",
        "lower @Pipeline(width)");
  }

  @Test
  void aJoinAtTheLimitIsAccepted() {
    // warned of as wider than most GPUs' work-groups (SLU139), and accepted
    Schedule s = Sources.scheduleWarned(Message.WIDE_FOR_GPUS, wideJoin(64));
    assertThat(s.stage("join").queueCapacity()).isEqualTo(1 << 24);
  }

  @Test
  void signalQueueTooLarge() {
    rejects(java("P", NODES + """
        @Pipeline(
            signalQueue = 10000000)
        interface P {
          @Source int in();
          @From("in") Inc inc();
          @Sink @From("inc") int out();
        }
        """), Message.SIGNAL_SLOTS_TOO_LARGE, "signalQueue = 10000000", "needs 20000000 signal queue slots",
        "2 stages x 10000000", "limit of " + LIMIT);
  }

  @Test
  void signalQueueAtIntMax() {
    rejects(java("P", NODES + """
        @Pipeline(
            signalQueue = Integer.MAX_VALUE)
        interface P {
          @Source int in();
          @From("in") Inc inc();
          @Sink @From("inc") int out();
        }
        """), Message.SIGNAL_SLOTS_TOO_LARGE, "signalQueue = Integer.MAX_VALUE", "needs 4294967294 signal queue slots");
  }

  private static JavaFileObject raising(String settings) {
    return java("P", NODES + "@Pipeline(\n    " + settings + ")\ninterface P {\n"
        + "  @Source int in();\n  @From(\"in\") Raiser raiser();\n  @From(\"raiser\") Catch c();\n"
        + "  @Sink @From(\"c\") int out();\n}\n");
  }

  @Test
  void payloadPoolOfTheKernelTooLarge() {
    // 3 stages x 2000000 = 6000000 signal slots fit; the kernel's pool, 3 x (6000000 + 2), does not
    rejects(raising("signalQueue = 2000000"), Message.SIGNAL_SLOTS_TOO_LARGE, "signalQueue = 2000000",
        "needs 18000006 user-signal payload slots in the OpenCL kernel");
  }

  @Test
  void withoutAKernelThereIsNoPayloadPool() {
    Compilation c = compile(raising("signalQueue = 2000000, gpu = false"));
    assertThat(c).succeeded();
  }

  @Test
  void parentBuffersTooLarge() {
    rejects(java("P", """
        record Line(int start, int end) {}
        @Node
        @Region(parentBuffer = 20000000)
        final class Big { int count(Line l) { return 1; } }
        @Pipeline interface P {
          @Source Line lines();
          @From("lines") Big big();
          @Sink @From("big") int out();
        }
        """), Message.PARENT_SLOTS_TOO_LARGE, "parentBuffer = 20000000", "stage 'big'",
        "parent buffers of pipeline P to 20000000 slots", "limit of " + LIMIT);
  }

  @Test
  void parentBuffersAddUpOverRegions() {
    // each fits on its own; together they do not, and the larger one is named
    rejects(java("P", """
        record Doc(int start, int end) {}
        record Line(int start, int end) {}
        @Node
        @Region(parentBuffer = 9000000)
        final class Lines { int count(Doc d) { return 1; } }
        @Node final class MakeLine { void run(int i, @Parent Doc d, Out<Line> out) { out.push(new Line(i, i)); } }
        @Node @Region(
            parentBuffer = Integer.MAX_VALUE)
        final class Chars { int count(Line l) { return 1; } }
        @Pipeline interface P {
          @Source Doc docs();
          @From("docs") Lines lines();
          @From("lines") MakeLine makeLine();
          @From("makeLine") Chars chars();
          @Sink @From("chars") int out();
        }
        """), Message.PARENT_SLOTS_TOO_LARGE, "parentBuffer = Integer.MAX_VALUE", "2156483647 slots");
  }

  @Test
  void aWidthAboveMostGpusWorkGroupsIsWarnedOf() {
    // accepted and right on the CPU, but refused at run time on most GPUs (outside-in helper-121)
    JavaFileObject f = java("P", NODES + """
        @Pipeline(
            width = 2048)
        interface P { @Source int in(); @From("in") Inc inc(); @Sink @From("inc") int out(); }
        """);
    com.google.testing.compile.Compilation c = Sources.compile(f);
    com.google.testing.compile.CompilationSubject.assertThat(c).succeeded();
    com.google.testing.compile.CompilationSubject.assertThat(c).hadWarningContaining("[SLU139] width 2048 is above"
        + " 1024, the largest work-group of most GPUs").inFile(f).onLine(Sources.lineOf(f, "width = 2048"));
    // 1024, or a pipeline kept on the CPU, is not
    for (String settings : new String[] {"width = 1024", "width = 2048, gpu = false"}) {
      com.google.testing.compile.CompilationSubject.assertThat(Sources.compile(java("P", NODES + "@Pipeline(" + settings
          + ") interface P { @Source int in(); @From(\"in\") Inc inc(); @Sink @From(\"inc\") int out(); }\n")))
          .succeededWithoutWarnings();
    }
  }

  @Test
  void theLargestValuesCompile() {
    // every limit reached at once: width 65536, a queue of exactly 2^24, 4 stages x 2^22 signal slots,
    // 2^24 parents; warned of as wider than most GPUs' work-groups (SLU139), the kernel written still
    Schedule s = Sources.scheduleWarned(Message.WIDE_FOR_GPUS, java("P", """
        record Line(int start, int end) {}
        @Node
        @Region(parentBuffer = 16777216, maxElements = Integer.MAX_VALUE)
        final class Chars { int count(Line l) { return l.end() - l.start(); } }
        @Node final class Expand { void run(int x, @Max(64) IntOut out) { out.push(x); } }
        @Node final class Inc { void run(int x, IntOut out) { out.push(x + 1); } }
        @Pipeline(width = 65536, signalQueue = 4194304)
        interface P {
          @Source Line lines();
          @From("lines") Chars chars();
          @From("chars") Expand expand();
          @From("expand") Inc inc();
          @Sink @From("inc") int out();
        }
        """));
    assertThat(s.stage("inc").queueCapacity()).isEqualTo(1 << 24);
    assertThat(s.stage("expand").queueCapacity()).isEqualTo(4 * 65536);
  }
}
