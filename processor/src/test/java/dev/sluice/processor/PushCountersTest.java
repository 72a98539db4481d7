package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.sluice.processor.Sources.java;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The CPU back end counts a loop's pushes in locals: an {@code int} where one call of the loop's
 * method cannot count more than {@link Integer#MAX_VALUE} in it (the loop's trips times each
 * {@code @Max} on the way), else a {@code long}, so no count wraps.
 */
class PushCountersTest {
  private static String cpuDirect(Compilation c) throws IOException {
    assertThat(c).succeeded();
    // a width past most GPUs' work-groups is warned of (SLU139): the only warning these may have
    for (javax.tools.Diagnostic<?> w : c.warnings()) {
      assertThat(w.getMessage(java.util.Locale.ROOT)).contains("[SLU139]");
    }
    return c.generatedSourceFile("t.PPipeline_CpuDirect").orElseThrow().getCharContent(true).toString();
  }

  @Test
  void aRegionOfAnyLengthCountsOnePushPerElementInAnIntAndTwoInALong() throws IOException {
    String cpu = cpuDirect(Sources.compile(java("P", """
        @Pipeline interface P {
          @Source int in();
          @From("in") Each each();
          @From("each") Once once();
          @From("each") Twice twice();
          @Sink @From("once") int ones();
          @Sink @From("twice") int twos();
        }
        @Node @Region final class Each { public int count(int n) { return n; } }
        @Node final class Once { public void run(int i, @Parent int n, @Max(1) IntOut out) { out.push(i); } }
        @Node final class Twice {
          public void run(int i, @Parent int n, @Max(2) IntOut out) { out.push(i); out.push(i); }
        }
        """)));
    // maxElements is Integer.MAX_VALUE: one push per element fits an int, two do not
    assertThat(cpu).contains("int pushed_once_out = 0;");
    assertThat(cpu).doesNotContain("long pushed_once_out");
    assertThat(cpu).contains("long pushed_twice_out = 0;");
  }

  @Test
  void aBoundedRegionCountsInInts() throws IOException {
    String cpu = cpuDirect(Sources.compile(java("P", """
        @Pipeline interface P {
          @Source int in();
          @From("in") Each each();
          @From("each") Twice twice();
          @Sink @From("twice") int twos();
        }
        @Node @Region(maxElements = 1000) final class Each { public int count(int n) { return Math.min(n, 1000); } }
        @Node final class Twice {
          public void run(int i, @Parent int n, @Max(2) IntOut out) { out.push(i); out.push(i); }
        }
        """)));
    assertThat(cpu).contains("int pushed_twice_out = 0;");
  }

  @Test
  void produceCountsInLongsOnceTheWidthTimesTheMaxesPass2To31() throws IOException {
    // width 2^16, each stage up to 8 = 2^3 pushes per item: stage k counts at most 2^(16 + 3k)
    String cpu = cpuDirect(Sources.compile(java("P", """
        @Pipeline(width = 65536) interface P {
          @Source long in();
          @From("in") Eight s1();
          @From("s1") Eight s2();
          @From("s2") Eight s3();
          @From("s3") Eight s4();
          @From("s4") Eight s5();
          @Sink @From("s5") long out();
        }
        @Node final class Eight {
          public void run(long x, @Max(8) LongOut out) { for (int j = 0; j < (int) (x & 7); j++) out.push(x + j); }
        }
        """)));
    assertThat(cpu).contains("int pushed_s4_out = 0;"); // 2^28
    assertThat(cpu).contains("long pushed_s5_out = 0;"); // 2^31
  }
}
