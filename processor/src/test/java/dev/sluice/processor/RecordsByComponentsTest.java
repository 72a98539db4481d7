package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.sluice.processor.Sources.java;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The CPU direct executor holds a record's pushes by their components, and builds the record again
 * for the consumer, only where that gives an equal record and runs none of the user's code: a record
 * of this compilation with javac's canonical constructor and accessors that return their components
 * (docs/architecture.md, "Records between stages"), and where the node makes every record it pushes
 * on the channel in the push. Any other record, and a record the node passes on, is held as the
 * object pushed.
 */
class RecordsByComponentsTest {
  /** A pipeline moving {@code R} through a slotted channel of one push, one of three, and an array-held one (as objects). */
  private static String cpuDirect(String record) throws IOException {
    Compilation c = Sources.compile(java("P", """
        @Pipeline(gpu = false) interface P {
          @Source long in();
          @From("in") One one();
          @From("one") Three three();
          @From("three") Many many();
          @From("many") Back back();
          @Sink @From("back") long out();
        }
        %s
        @Node final class One { public void run(long x, Out<R> out) { out.push(new R(x, 1)); } }
        @Node final class Three {
          public void run(R r, @Max(3) Out<R> out) { out.push(new R(r.a() + 1, r.b())); out.push((new R(r.a(), 2))); }
        }
        @Node final class Many { public void run(R r, @Max(20) Out<R> out) { out.push(new R(r.a(), r.b() + 1)); } }
        @Node final class Back { public void run(R r, LongOut out) { out.push(r.a() + r.b()); } }
        """.formatted(record)));
    assertThat(c).succeeded();
    return c.generatedSourceFile("t.PPipeline_CpuDirect").orElseThrow().getCharContent(true).toString();
  }

  @Test
  void aRecordJavacWroteTravelsByItsComponents() throws IOException {
    String cpu = cpuDirect("record R(long a, int b) { static R zero() { return new R(0, 0); } }");
    // one push: two fields, the record built from them
    assertThat(cpu).contains("h0_a = item.a();");
    assertThat(cpu).contains("return new R(h0_a, h0_b);");
    // three: one value per component picked by slot, one record built
    assertThat(cpu).contains("return new R(c_a(k), c_b(k));");
    assertThat(cpu).contains("h2_a = item.a();");
    assertThat(cpu).contains("default: return h2_a;");
    assertThat(cpu).doesNotContain("private R h0;");
    // past 8, held in the channel's own array, handed to take_ methods: the objects
    assertThat(cpu).contains("private final Object[] held = new Object[20];");
  }

  @Test
  void aRecordPassedOnIsHeldAsTheObject() throws IOException {
    Compilation c = Sources.compile(java("P", """
        @Pipeline(gpu = false) interface P {
          @Source long in();
          @From("in") Make make();
          @From("make") Pass pass();
          @From("pass") Mixed mixed();
          @From("mixed") Back back();
          @Sink @From("back") long out();
        }
        record R(long a, int b) {}
        @Node final class Make { public void run(long x, Out<R> out) { out.push(new R(x, 1)); } }
        @Node final class Pass { public void run(R r, Out<R> out) { if (r.b() > 0) out.push(r); } }
        @Node final class Mixed {
          public void run(R r, @Max(2) Out<R> out) { out.push(new R(r.a(), 0)); out.push(r); }
        }
        @Node final class Back { public void run(R r, LongOut out) { out.push(r.a() + r.b()); } }
        """));
    assertThat(c).succeeded();
    String cpu = c.generatedSourceFile("t.PPipeline_CpuDirect").orElseThrow().getCharContent(true).toString();
    // make's records by their components; pass's, and mixed's (one of its pushes passes r on), as objects
    assertThat(cpu).containsMatch("class Held_make_out [^}]*private long h0_a;");
    assertThat(cpu).containsMatch("class Held_pass_out [^}]*private R h0;");
    assertThat(cpu).containsMatch("class Held_mixed_out [^}]*private R h0;");
  }

  @Test
  void aRecordTooLargeToStoreInAnInlinedPushIsHeldAsTheObject() throws IOException {
    // 17 components: one push past SLOT_VALUES_AT_MOST (16) at @Max(1)
    String cpu = cpuDirect("record R(long a, int b, int c3, int c4, int c5, int c6, int c7, int c8, int c9,"
        + " int c10, int c11, int c12, int c13, int c14, int c15, int c16, int c17) {"
        + " R(long a, int b) { this(a, b, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0); } }");
    assertThat(cpu).contains("private R h0;");
    assertThat(cpu).contains("private final Object[] held = new Object[20];");
    assertThat(cpu).doesNotContain("h0_a");
  }

  /** {@code per} pushes {@code new R} from {@code run} and {@code handlerPush} from its END handler, on one channel. */
  private static String withHandler(String handlerPush) throws IOException {
    Compilation c = Sources.compile(java("P", """
        @Pipeline(gpu = false) interface P {
          @Source long in();
          @From("in") Each each();
          @From("each") Per per();
          @From("per") Back back();
          @Sink @From("back") long out();
        }
        record R(long a, int b) {}
        @Node @Region final class Each { public int count(long n) { return (int) (n & 3); } }
        @Node final class Per {
          static R mark(long p) { return new R(p, -1); }
          public void run(int i, @Parent long p, Out<R> out) { out.push(new R(p, i)); }
          @SignalHandler(Signal.END) public void end(long p, Out<R> out) { out.push(%s); }
        }
        @Node final class Back { public void run(R r, LongOut out) { out.push(r.a() + r.b()); } }
        """.formatted(handlerPush)));
    assertThat(c).succeeded();
    return c.generatedSourceFile("t.PPipeline_CpuDirect").orElseThrow().getCharContent(true).toString();
  }

  @Test
  void theHandlersPushesCountToo() throws IOException {
    assertThat(withHandler("new R(p, -1)")).contains("h0_a = item.a();");
    // a method's result may be a record the node keeps: pushed as the object
    String kept = withHandler("mark(p)");
    assertThat(kept).contains("private R h0;");
    assertThat(kept).doesNotContain("h0_a");
  }

  @Test
  void anAccessorWrittenOutAsItsComponentKeepsIt() throws IOException {
    String cpu = cpuDirect("record R(long a, int b) { public long a() { return this.a; } public int b() { return b; } }");
    assertThat(cpu).contains("return new R(h0_a, h0_b);");
  }

  @Test
  void aRecordWithAnAccessorThatComputesTravelsAsTheObject() throws IOException {
    String cpu = cpuDirect("record R(long a, int b) { public long a() { return a + 1; } }");
    assertThat(cpu).contains("private R h0;");
    assertThat(cpu).contains("private final Object[] held = new Object[20];");
    assertThat(cpu).doesNotContain("h0_a");
  }

  @Test
  void aRecordWithItsOwnCanonicalConstructorTravelsAsTheObject() throws IOException {
    // even one that only checks: building the record again would run the user's code again
    String cpu = cpuDirect("record R(long a, int b) { R { if (b < 0) throw new IllegalArgumentException(); } }");
    assertThat(cpu).contains("private R h0;");
    assertThat(cpu).doesNotContain("held_a");
  }
}
