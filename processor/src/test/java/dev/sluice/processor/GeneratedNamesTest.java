package dev.sluice.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.sluice.processor.Sources.java;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import org.junit.jupiter.api.Test;

/**
 * Names a user may choose that the generated code also builds names from: they must never make it
 * fail to compile (outside-in cases 47, 52 to 54 and 162). {@code UnderscoreNamesTest} in the
 * examples runs such a pipeline on every back end.
 */
class GeneratedNamesTest {
  /** Stage a with channel and field b_c, stage a_b with channel and field c: joined with '_', alike. */
  @Test
  void underscoresThatJoinAlike() {
    Compilation c = Sources.compile(java("P", """
        @Node final class N1 { @Reduce(ReduceOp.SUM) int b_c; void run(int x, IntOut b_c) { this.b_c += x; b_c.push(x); } }
        @Node final class N2 { @Reduce(ReduceOp.SUM) int c; void run(int x, IntOut c) { this.c += x; c.push(x); } }
        @Pipeline interface P {
          @Source int in();
          @From("in") N1 a();
          @From("a") N2 a_b();
          @Sink @From("a_b") int out();
          @Sink @From("a_b") int out_n();
        }
        """));
    assertThat(c).succeededWithoutWarnings();
  }

  /**
   * A node deprecated for removal warns only where the user names it (here suppressed):
   * the generated classes warned too, and -Werror failed the build on lines the user cannot change
   * (outside-in helper-74).
   */
  @Test
  void deprecatedNodesDoNotWarnInTheGeneratedClasses() {
    Compilation c = com.google.testing.compile.Compiler.javac().withProcessors(new SluiceProcessor())
        .withOptions("-Xlint:deprecation", "-Werror").compile(java("P", """
            record R(int a) {}
            @Deprecated(forRemoval = true) @Node final class N {
              @Deprecated(forRemoval = true) void run(R r, @Max(2) Out<R> out) { out.push(new R(r.a() + 1)); }
            }
            @SuppressWarnings("removal") @Pipeline interface P {
              @Source R in();
              @From("in") N n();
              @Sink @From("n") R out();
            }
            """));
    assertThat(c).succeededWithoutWarnings();
  }

  /**
   * Types of another package named like java.lang ones: the generated code names Integer, Long, Math,
   * System, Object and Float by their simple names, and imported q.Integer there meant it instead
   * (Integer.MAX_VALUE: "cannot find symbol"; outside-in helper-117). They are written in full now.
   * Every shape here failed in a generated file before: a node, a record source with a kernel
   * (System.arraycopy), a record through every class (Object[]), a float MAX reduction
   * (Float.NEGATIVE_INFINITY), a double one, a long setting (Long.MAX_VALUE) and a nested node.
   */
  @Test
  void typesOfAnotherPackageNamedLikeJavaLangOnes() {
    Compilation c = Sources.compile(
        JavaFileObjects.forSourceString("q.Integer", "package q; " + Sources.IMPORTS
            + "@Node public final class Integer { public void run(q.System s, IntOut out) { out.push(s.v()); } }"),
        JavaFileObjects.forSourceString("q.System", "package q; public record System(int v, long w) {}"),
        JavaFileObjects.forSourceString("q.Object", "package q; public record Object(int v) {}"),
        JavaFileObjects.forSourceString("q.Float", "package q; " + Sources.IMPORTS + """
            @Node public final class Float {
              @Reduce(ReduceOp.MAX) public float most;
              @Reduce(ReduceOp.MIN) public double least;
              public void run(int x, Out<q.Object> out) { most = Math.max(most, x); least = Math.min(least, x); out.push(new q.Object(x)); }
            }
            """),
        JavaFileObjects.forSourceString("q.Long", "package q; " + Sources.IMPORTS
            + "public final class Long { @Node public static final class Twice { public void run(int x, IntOut out) { out.push(2 * x); } } }"),
        java("P", """
            @Pipeline interface P {
              @Source q.System in();
              @From("in") q.Integer n();
              @From("n") q.Long.Twice twice();
              @From("twice") q.Float f();
              @Sink @From("f") q.Object out();
            }
            """));
    assertThat(c).succeededWithoutWarnings();
  }

  /** runColumns takes one array per component, named after it: no name of its body may be one of them. */
  @Test
  void recordComponentsNamedLikeTheGeneratedCode() {
    Compilation c = Sources.compile(java("P", """
        record R(int columns, long chunk, float Objects, double InputCursor, int n, int execute) {}
        @Node final class N { void run(R r, IntOut out) { out.push(r.columns() + r.n()); } }
        @Pipeline interface P {
          @Source R in();
          @From("in") N n();
          @Sink @From("n") int out();
        }
        """));
    assertThat(c).succeededWithoutWarnings();
  }

  /**
   * runColumns over rows [fromIndex, toIndex) takes two ints after the arrays: a record whose components
   * have those names (an edge from one index to another) gets other names for them.
   */
  @Test
  void recordComponentsNamedLikeTheRangeParameters() throws java.io.IOException {
    Compilation c = Sources.compile(java("P", """
        record R(int fromIndex, int toIndex, int from, int to, int fromIndex_) {}
        @Node final class N { void run(R r, IntOut out) { out.push(r.fromIndex() + r.to()); } }
        @Pipeline interface P {
          @Source R in();
          @From("in") N n();
          @Sink @From("n") int out();
        }
        """));
    assertThat(c).succeededWithoutWarnings();
    String api = c.generatedSourceFile("t.PPipeline").orElseThrow().getCharContent(true).toString();
    com.google.common.truth.Truth.assertThat(api).contains("int fromIndex__, int toIndex_) {");
    com.google.common.truth.Truth.assertThat(api).contains("return executeColumns(new Object[] {fromIndex, toIndex, from, to, fromIndex_}, fromIndex__, toIndex_);");
  }

  /**
   * Records, nodes and signal tags named like member types of Aparapi's Kernel, which the generated
   * kernel extends, or like classes nested in the generated ones: written in full where the simple
   * name means the other type (outside-in: javac failed inside the generated kernel).
   */
  @Test
  void typesNamedLikeMemberTypesOfTheGeneratedClasses() {
    Compilation c = Sources.compile(java("P", """
        record Entry(int a) {}
        record KernelState(int b) {}
        @SignalTag record NoCL(int tag) {}
        record Result(int r) {}
        @Node final class Local {
          @Param final int k;
          Local(int k) { this.k = k; }
          void run(Entry e, Out<KernelState> out, Raise<NoCL> raise) {
            if (e.a() < 0) raise.raise(new NoCL(e.a()));
            out.push(new KernelState(e.a() + k));
          }
        }
        @Node final class Constant {
          @Reduce(ReduceOp.SUM) int seen;
          void run(KernelState s, Out<Result> out) { seen += 1; out.push(new Result(s.b())); }
          @SignalHandler void on(NoCL tag) { }
        }
        @Pipeline interface P {
          @Source Entry in();
          @From("in") Local local();
          @From("local") Constant constant();
          @From("constant") OpenCLMapping.Inner inner();
          @Sink @From("inner") Result out();
        }
        final class OpenCLMapping {                                     // a nested node's outer class
          private OpenCLMapping() {}
          @Node static final class Inner { void run(Result r, Out<Result> out) { out.push(r); } }
        }
        """));
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String().contains("t.Entry");
    assertThat(c).generatedSourceFile("t.PPipeline_Kernel").contentsAsUtf8String().contains("t.OpenCLMapping.Inner");
  }
}
