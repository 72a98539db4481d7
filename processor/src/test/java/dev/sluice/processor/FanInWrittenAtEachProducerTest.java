package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.sluice.processor.Sources.java;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The CPU direct executor writes a fan-in stage's code at each producer that hands it items from a
 * loop it writes, as it writes a broadcast's consumers, rather than in a {@code take_} method that
 * counted the stage's pushes in a field at every call; at most four copies of any stage's code, so
 * that diamonds one after another do not double it each time (docs/architecture.md).
 */
class FanInWrittenAtEachProducerTest {
  private static String cpuDirect(String pipeline) throws IOException {
    Compilation c = Sources.compile(java("P", pipeline + """
        @Node final class Inc { public void run(long x, LongOut out) { out.push(x + 1); } }
        @Node final class Odd { public void run(long x, LongOut out) { if ((x & 1) != 0) out.push(x); } }
        """));
    assertThat(c).succeeded();
    return c.generatedSourceFile("t.PPipeline_CpuDirect").orElseThrow().getCharContent(true).toString();
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
      n++;
    }
    return n;
  }

  @Test
  void aDiamondsJoinIsWrittenAtBothProducers() throws IOException {
    String cpu = cpuDirect("""
        @Pipeline(gpu = false) interface P {
          @Source long in();
          @From("in") Inc a();
          @From("in") Odd b();
          @From({"a", "b"}) Inc c();
          @From("c") Odd d();
          @Sink @From("d") long out();
        }
        """);
    assertThat(cpu).doesNotContain("void take_c(");
    assertThat(cpu).doesNotContain("void take_d(");
    assertThat(count(cpu, "node_c.run(")).isEqualTo(2);
    // and what follows it is written into each copy
    assertThat(count(cpu, "node_d.run(")).isEqualTo(2);
  }

  @Test
  void pastFourCopiesAStageHasItsOwnMethod() throws IOException {
    // c twice, f four times (twice in each copy of c's), i would be eight
    String cpu = cpuDirect("""
        @Pipeline(gpu = false) interface P {
          @Source long in();
          @From("in") Inc a();
          @From("in") Odd b();
          @From({"a", "b"}) Inc c();
          @From("c") Inc d();
          @From("c") Odd e();
          @From({"d", "e"}) Inc f();
          @From("f") Inc g();
          @From("f") Odd h();
          @From({"g", "h"}) Inc i();
          @Sink @From("i") long out();
        }
        """);
    assertThat(count(cpu, "node_c.run(")).isEqualTo(2);
    assertThat(count(cpu, "node_f.run(")).isEqualTo(4);
    assertThat(cpu).doesNotContain("void take_f(");
    assertThat(cpu).contains("private void take_i(long item)");
    assertThat(count(cpu, "node_i.run(")).isEqualTo(1);
  }
}
