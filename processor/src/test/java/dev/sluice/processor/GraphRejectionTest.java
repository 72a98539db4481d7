package dev.sluice.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static dev.sluice.processor.Sources.assertError;
import static dev.sluice.processor.Sources.compile;
import static dev.sluice.processor.Sources.java;
import static dev.sluice.processor.Sources.rejects;
import static dev.sluice.processor.Sources.sluiceErrors;

import dev.sluice.processor.diagnostics.Message;
import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Graph problems (SLU1xx): each is reported on the @From value, stage method or interface. */
class GraphRejectionTest {
  /** Two simple nodes the graphs below use. */
  private static final String NODES = """
      @Node final class Inc { void run(int x, IntOut out) { out.push(x + 1); } }
      @Node final class Split { void run(int x, IntOut even, IntOut odd) { } }
      @Node final class Drop { void run(int x) { } }
      """;

  private static JavaFileObject pipeline(String stages) {
    return java("P", NODES + "@Pipeline interface P {\n" + stages + "}\n");
  }

  /** Two pipelines nested in different classes, both named Flow: both would generate t.FlowPipeline. */
  @Test
  void twoPipelinesOfOneSimpleNameInOnePackage() {
    JavaFileObject f = java("A", NODES + """
        class A { @Pipeline interface Flow { @Source int in(); @Sink @From("in") int out(); } }
        class B { @Pipeline
          interface Flow { @Source int in(); @Sink @From("in") int out(); } } // B
        """);
    com.google.testing.compile.Compilation c = Sources.compile(f);
    Sources.assertError(c, Message.GENERATED_NAME_TAKEN, f, "} } // B",
        "pipeline t.B.Flow generates the type t.FlowPipeline, but this compilation already has a type of that name"
            + " (pipeline t.A.Flow, of the same simple name in the same package, generates it too); rename one of them");
  }

  @Test
  void aClassNamedLikeTheGeneratedOne() {
    JavaFileObject f = java("Flow", """
        @Pipeline interface Flow { @Source int in(); @Sink @From("in") int out(); }
        final class FlowPipeline { }
        """);
    Sources.assertError(Sources.compile(f), Message.GENERATED_NAME_TAKEN, f, "@Pipeline interface Flow",
        "pipeline t.Flow generates the type t.FlowPipeline, but this compilation already has a type of that name"
            + " (a type declared in this compilation's sources); rename one of them");
  }

  /**
   * The kernel is written a round after the other classes, which name it: its name is checked with
   * theirs, before any is written (outside-in: it was an internal error, SLU999, from the Filer).
   */
  @Test
  void aClassNamedLikeTheKernel() {
    // not under ecj, which writes no kernel (no Trees API), so that the name is free there
    JavaFileObject f = java("Flow", """
        @Pipeline interface Flow { @Source int in(); @From("in") N n(); @Sink @From("n") int out(); }
        @Node final class N { void run(int x, IntOut out) { out.push(x); } }
        final class FlowPipeline_Kernel { }
        """);
    com.google.testing.compile.Compilation c = Sources.compile(f);
    Sources.assertError(c, Message.GENERATED_NAME_TAKEN, f, "@Pipeline interface Flow",
        "pipeline t.Flow generates the type t.FlowPipeline_Kernel", "declared in this compilation's sources");
    com.google.common.truth.Truth.assertThat(Sources.sluiceErrors(c)).hasSize(1);
    com.google.common.truth.Truth.assertThat(c.errors()).hasSize(1);
  }

  /** A top-level class whose name is the binary name of a generated nested class: javac's "duplicate class". */
  @Test
  void aClassNamedLikeAGeneratedNestedClass() {
    rejects(java("Flow", """
        @Pipeline interface Flow { @Source int in(); @From("in") N n(); @Sink @From("n") int out(); }
        @Node final class N { void run(int x, IntOut out) { out.push(x); } }
        final class FlowPipeline$Builder { }
        """), Message.GENERATED_NAME_TAKEN, "@Pipeline interface Flow",
        "pipeline t.Flow generates the type t.FlowPipeline$Builder");
  }

  /**
   * A record of the unnamed package named like a member type of Aparapi's Kernel, which the generated
   * kernel extends: there 'Entry' is Kernel.Entry, and the record has no longer name.
   */
  @Test
  void anUnnamedPackageRecordHiddenByAKernelMemberType() {
    // not under ecj, which writes no kernel
    JavaFileObject f = JavaFileObjects.forSourceString("Flow", Sources.IMPORTS + """

        @Pipeline interface Flow { @Source Entry in(); @From("in") N n(); @Sink @From("n") Entry out(); }
        record Entry(int a) {}
        @Node final class N { void run(Entry e, Out<Entry> o) { o.push(new Entry(e.a() + 1)); } }
        """);
    com.google.testing.compile.Compilation c = Sources.compile(f);
    com.google.common.truth.Truth.assertThat(c.errors()).hasSize(1);
    Sources.assertError(c, Message.UNNAMED_PACKAGE_NAME_HIDDEN, f, "record Entry",
        "Entry is in the unnamed package, and the classes generated for pipeline Flow name it where its simple name"
            + " means com.aparapi.Kernel.Entry (in FlowPipeline_Kernel)", "Declare it in a package");
  }

  /** A nested node is written from its outer class on: that class's name is the one hidden (Builder.N). */
  @Test
  void anUnnamedPackageOuterClassHiddenByAGeneratedNestedClass() {
    rejects(JavaFileObjects.forSourceString("Flow", Sources.IMPORTS + """

        @Pipeline(gpu = false) interface Flow { @Source int in(); @From("in") Builder.N n(); @Sink @From("n") int out(); }
        final class Builder { @Node static final class N { void run(int x, IntOut out) { out.push(x); } } }
        """), Message.UNNAMED_PACKAGE_NAME_HIDDEN, "final class Builder",
        "Builder is in the unnamed package", "means FlowPipeline.Builder (in FlowPipeline)");
  }

  /** The same for a class nested in a generated one: the pipeline class's Builder. */
  @Test
  void anUnnamedPackageNodeHiddenByAGeneratedNestedClass() {
    rejects(JavaFileObjects.forSourceString("Flow", Sources.IMPORTS + """

        @Pipeline(gpu = false) interface Flow { @Source int in(); @From("in") Builder n(); @Sink @From("n") int out(); }
        @Node final class Builder { void run(int x, IntOut out) { out.push(x); } }
        """), Message.UNNAMED_PACKAGE_NAME_HIDDEN, "final class Builder",
        "means FlowPipeline.Builder (in FlowPipeline)");
  }

  @Test
  void unknownStage() {
    rejects(pipeline("""
          @Source int in();
          @From("in") Inc inc();
          @Sink @From("nope") int out();
        """), Message.UNKNOWN_STAGE, "\"nope\"", "unknown stage 'nope'; the stages it can read are [in, inc]");
  }

  /** The stages offered leave out those that read the stage already: each would make a cycle (outside-in helper-72). */
  @Test
  void unknownStageOffersNoStageDownstream() {
    rejects(pipeline("""
          @Source int in();
          @From("nope") Inc first();
          @From("first") Inc second();
          @From("second") Inc third();
          @Sink @From("third") int out();
        """), Message.UNKNOWN_STAGE, "\"nope\"", "unknown stage 'nope'; the stages it can read are [in]");
  }

  /** Nor a node without channels: naming it would be an error of its own, SLU120 (outside-in helper-113). */
  @Test
  void unknownStageOffersNoNodeWithoutChannels() {
    rejects(pipeline("""
          @Source int in();
          @From("in") Drop drop();
          @Sink @From("nope") int out();
        """), Message.UNKNOWN_STAGE, "\"nope\"", "unknown stage 'nope'; the stages it can read are [in]");
  }

  @Test
  void unknownChannel() {
    rejects(pipeline("""
          @Source int in();
          @From("in") Split split();
          @Sink @From("split.evn") int out();
        """), Message.UNKNOWN_CHANNEL, "split.evn", "no output channel 'evn'", "[even, odd]");
  }

  @Test
  void ambiguousReference() {
    rejects(pipeline("""
          @Source int in();
          @From("in") Split split();
          @Sink @From("split") int out();
        """), Message.AMBIGUOUS_REFERENCE, "@From(\"split\")", "'split.<channel>'");
  }

  @Test
  void unknownReferenceIsOnTheRightValueOfSeveral() {
    rejects(pipeline("""
          @Source int in();
          @From("in") Split split();
          @Sink @From({"split.even", "split.od"}) int out();
        """), Message.UNKNOWN_CHANNEL, "split.od", "'od'");
  }

  @Test
  void cycle() {
    rejects(pipeline("""
          @Source int in();
          @From({"in", "b"}) Inc a();
          @From("a") Inc b();
          @Sink @From("b") int out();
        """), Message.CYCLE, "@From({\"in\", \"b\"})", "a -> b -> a; a pipeline is acyclic: remove one of these @From references");
  }

  @Test
  void noSource() {
    rejects(pipeline("""
          @From("inc") Inc inc();
        """), Message.NO_SOURCE, "interface P", "pipeline P has no @Source");
  }

  @Test
  void twoSources() {
    rejects(pipeline("""
          @Source int in();
          @Source int more();
          @Sink @From("in") int out();
        """), Message.SEVERAL_SOURCES, "int more()", "'in' and 'more'");
  }

  @Test
  void unreachableNodeWithoutFrom() {
    rejects(pipeline("""
          @Source int in();
          Inc lost();
          @Sink @From("in") int out();
        """), Message.UNREACHABLE, "Inc lost()", "'lost' is not reachable from the source 'in'");
  }

  @Test
  void anEmptyFromIsOneErrorNotOnePerStageAfterIt() {
    // outside-in: the sink after it was reported unreachable too, asking for the @From it has; and
    // then (helper-42) SLU107 itself asked for the @From the stage has
    rejects(pipeline("""
          @Source int in();
          @From({}) Inc lost();
          @From("lost") Inc next();
          @Sink @From("next") int out();
        """), Message.EMPTY_FROM, "@From({}) Inc lost()", "@From on stage 'lost' names no stage");
  }

  @Test
  void unreachableIsland() {
    rejects(pipeline("""
          @Source int in();
          @From("b") Inc a();
          @From("a") Inc b();
          @Sink @From("in") int out();
        """), Message.CYCLE, "@From(\"b\") Inc a()");
  }

  @Test
  void readingFromASink() {
    rejects(pipeline("""
          @Source int in();
          @Sink @From("in") int out();
          @From("out") Inc inc();
        """), Message.FROM_SINK, "@From(\"out\") Inc", "'out' is a @Sink");
  }

  @Test
  void itemTypeMismatchIntoNode() {
    rejects(pipeline("""
          @Source long in();
          @From("in") Inc inc();
          @Sink @From("inc") int out();
        """), Message.TYPE_MISMATCH, "@From(\"in\") Inc", "'in' carries long but stage 'inc' consumes int; make the channel's type and the item inc takes the same");
  }

  @Test
  void itemTypeMismatchIntoSink() {
    rejects(pipeline("""
          @Source int in();
          @From("in") Inc inc();
          @Sink @From("inc") double out();
        """), Message.TYPE_MISMATCH, "double out()", "carries int but stage 'out' consumes double; make the channel's type"
        + " and the return type of sink out() the same");
  }

  @Test
  void duplicateInput() {
    rejects(pipeline("""
          @Source int in();
          @Sink @From({"in", "in.in"}) int out();
        """), Message.DUPLICATE_INPUT, "in.in", "reads 'in.in' more than once");
    // the name as written (outside-in helper-38: "in" twice read 'in.in')
    rejects(pipeline("""
          @Source int in();
          @Sink @From({"in", "in"}) int out();
        """), Message.DUPLICATE_INPUT, "\"in\"}", "stage 'out' reads 'in' more than once");
  }

  @Test
  void notANode() {
    rejects(pipeline("""
          @Source int in();
          @From("in") String text();
        """), Message.NOT_A_NODE, "String text()", "java.lang.String", "annotate the class @Node");
  }

  @Test
  void aTypeVariableIsNotANode() {
    // outside-in helper-117: it read "returns T, which is not a @Node class" of <T extends Twice> T
    rejects(pipeline("""
          @Source int in();
          @From("in") <T extends Drop> T drop();
        """), Message.NOT_A_NODE, "T drop()", "stage 'drop' returns type variable T (a stage names its @Node class"
        + " itself)");
  }

  /**
   * A pipeline with no sink and no @Reduce field compiles, with a warning on the pipeline (outside-in
   * helper-42: it compiled silently); one with a @Reduce field and no sink is a reduce-only pipeline.
   */
  @Test
  void noSinkAndNoReduceIsAWarning() {
    JavaFileObject f = java("P", NODES + """
        @Pipeline interface P {  // P
          @Source int in();
          @From("in") Inc inc();
        }
        """);
    com.google.testing.compile.Compilation c = Sources.compile(f);
    com.google.testing.compile.CompilationSubject.assertThat(c).succeeded();
    com.google.testing.compile.CompilationSubject.assertThat(c)
        .hadWarningContaining("[" + Message.NO_OUTPUT.code() + "] pipeline P has no @Sink and no @Reduce field")
        .inFile(f).onLine(Sources.lineOf(f, "// P"));
    com.google.testing.compile.Compilation reduceOnly = Sources.compile(java("P", """
        @Node final class Count { @Reduce(ReduceOp.SUM) int n; void run(int x) { n += 1; } }
        @Pipeline interface P {
          @Source int in();
          @From("in") Count count();
        }
        """));
    com.google.testing.compile.CompilationSubject.assertThat(reduceOnly).succeededWithoutWarnings();
  }

  /**
   * A channel nothing reads drops its items: a warning on the stage method naming the channel (a stage
   * commented out while developing lost items without a word: outside-in helper-97), and none where
   * {@code @SuppressWarnings("unused")} is on the stage method or the pipeline.
   */
  @Test
  void aChannelNothingReadsIsWarnedOfUnlessSuppressed() {
    String node = "@Node final class Split { void run(int x, @Max(1) IntOut even, @Max(1) IntOut odd) {"
        + " if ((x & 1) == 0) even.push(x); else odd.push(x); } }\n";
    JavaFileObject f = java("P", node + """
        @Pipeline interface P {
          @Source int in();
          @From("in") Split split(); // split
          @Sink @From("split.even") int evens();
        }
        """);
    com.google.testing.compile.Compilation c = Sources.compile(f);
    com.google.testing.compile.CompilationSubject.assertThat(c).succeeded();
    com.google.testing.compile.CompilationSubject.assertThat(c)
        .hadWarningContaining("[" + Message.UNREAD_CHANNEL.code() + "] channel 'odd' of stage 'split' is read by no"
            + " stage or sink, so what it pushes is dropped; read it with @From(\"split.odd\"), or put"
            + " @SuppressWarnings(\"unused\") on split() to drop it")
        .inFile(f).onLine(Sources.lineOf(f, "// split"));
    org.junit.jupiter.api.Assertions.assertEquals(1, c.warnings().size(), c.warnings().toString());
    for (String[] at : new String[][] {{"@From(\"in\") Split split();", "@SuppressWarnings(\"unused\") @From(\"in\") Split split();"},
        {"@Pipeline interface P", "@SuppressWarnings({\"rawtypes\", \"unused\"}) @Pipeline interface P"}}) {
      com.google.testing.compile.CompilationSubject.assertThat(Sources.compile(java("P", node + """
          @Pipeline interface P {
            @Source int in();
            @From("in") Split split();
            @Sink @From("split.even") int evens();
          }
          """.replace(at[0], at[1])))).succeededWithoutWarnings();
    }
  }

  /** An empty @From on a sink too. */
  @Test
  void emptyFromOnASink() {
    rejects(pipeline("""
          @Source int in();
          @Sink @From({}) int out();
        """), Message.EMPTY_FROM, "@Sink @From({}) int out()", "@From on stage 'out' names no stage");
  }

  @Test
  void sourceWithFrom() {
    rejects(pipeline("""
          @Source @From("x") int in();
          @Sink @From("in") int out();
        """), Message.SOURCE_WITH_FROM, "@Source @From", "'in' has no inputs");
  }

  @Test
  void sourceAndSink() {
    rejects(pipeline("""
          @Source int in();
          @Source @Sink int both();
          @Sink @From("in") int out();
        """), Message.SOURCE_AND_SINK, "int both()");
    // the pipeline's only source, marked a sink too: one error, not "no @Source" as well
    rejects(pipeline("""
          @Source @Sink int both();
        """), Message.SOURCE_AND_SINK, "int both()");
  }

  @Test
  void stageWithParameters() {
    rejects(pipeline("""
          @Source int in();
          @Sink @From("in") int out(int n);
        """), Message.STAGE_PARAMETERS, "int out(int n)");
  }

  @Test
  void readingANodeWithoutOutputs() {
    rejects(java("P", """
        @Node final class Drop { void run(int x) { } }
        @Pipeline interface P {
          @Source int in();
          @From("in") Drop drop();
          @Sink @From("drop") int out();
        }
        """), Message.NO_CHANNELS, "@From(\"drop\")", "'drop' has no output channels");
  }

  @Test
  void pipelineMustBeAnInterface() {
    rejects(java("P", """
        @Pipeline abstract class P { }
        """), Message.PIPELINE_NOT_INTERFACE, "abstract class P");
  }

  @Test
  void pipelineMustNotBeGeneric() {
    rejects(java("P", """
        @Pipeline interface P<T> {
          @Source int in();
          @Sink @From("in") int out();
        }
        """), Message.PIPELINE_GENERIC, "interface P<T>");
  }

  @Test
  void privateNestedPipeline() {
    rejects(java("Outer", """
        class Outer {
          @Pipeline private interface P {
            @Source int in();
            @Sink @From("in") int out();
          }
        }
        """), Message.INACCESSIBLE, "private interface P", "P is private; make it package-private");
  }

  @Test
  void innerNodeClass() {
    rejects(java("Outer", """
        class Outer {
          @Node final class Inner { void run(int x, IntOut out) { } }
          @Pipeline interface P {
            @Source int in();
            @From("in") Inner inner();
            @Sink @From("inner") int out();
          }
        }
        """), Message.INACCESSIBLE, "@Node final class Inner", "Inner is an inner class; make it static");
  }

  /** Outside-in: checked only once a pipeline used it, though the user guide says a node is checked on its own. */
  @Test
  void anInnerNodeClassNoPipelineUsesIsRefusedToo() {
    rejects(java("Outer", """
        class Outer {
          @Node final class Inner { void run(int x, IntOut out) { } }
        }
        """), Message.INACCESSIBLE, "@Node final class Inner", "node class t.Outer.Inner is not accessible",
        "Inner is an inner class; make it static");
  }

  /** A record that only travels between two nodes is named by the generated classes too. */
  @Test
  void privateRecordBetweenNodes() {
    rejects(java("H", """
        class H {
          private record R(int a) {}
          @Node static final class A { void run(int x, Out<R> out) { out.push(new R(x)); } }
          @Node static final class B { void run(R r,  // B's item
              IntOut out) { out.push(r.a()); } }
          @Pipeline interface P {
            @Source int in();
            @From("in") A a();
            @From("a") B b();
            @Sink @From("b") int out();
          }
        }
        """), Message.INACCESSIBLE, "Out<R> out", "record t.H.R is not accessible", "R is private");
  }

  @Test
  void stagesInheritedFromAnotherInterface() {
    rejects(java("P", NODES + """
        interface Base { @Source int in(); }
        @Pipeline interface P extends Base {  // P
          @From("in") Inc inc();
          @Sink @From("inc") int out();
        }
        """), Message.INHERITED_STAGE, "// P", "pipeline P inherits the stage method in() from t.Base");
  }

  @Test
  void aClassOfThePackageNamedLikeAJavaLangTypeIsRefused() {
    // the generated classes name java.lang's Math, Integer, Object... by their simple names: they did
    // not compile beside a user's own t.Math (outside-in case F4)
    rejects(java("P", NODES + """
        @Pipeline interface P {   // P
          @Source int in();
          @From("in") Inc inc();
          @Sink @From("inc") int out();
        }
        final class Math { static int twice(int v) { return 2 * v; } }
        """), Message.JAVA_LANG_HIDDEN, "// P", "package t declares t.Math, which hides java.lang.Math", "rename Math");
  }

  /**
   * As Maven compiles (every file, and the source folder as -sourcepath), a package-private class in a
   * file of another name beside a pipeline compiles: listing the package's members for the check
   * above made javac parse that file a second time, "duplicate class: q.Aux" (outside-in helper-75).
   */
  @Test
  void aClassInAFileOfAnotherNameBesideAPipelineCompilesWithASourcePath(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path src = java.nio.file.Files.createDirectories(dir.resolve("src/q"));
    java.nio.file.Files.writeString(src.resolve("Flow.java"), """
        package q;
        import dev.sluice.*;
        @Pipeline interface Flow {
          @Source int in();
          @From("in") Twice twice();
          @Sink @From("twice") int out();
        }
        """);
    java.nio.file.Files.writeString(src.resolve("Twice.java"), """
        package q;
        import dev.sluice.*;
        @Node final class Twice { void run(int x, IntOut out) { out.push(2 * x); } }
        """);
    java.nio.file.Files.writeString(src.resolve("Helpers.java"), "package q;\nfinal class Aux {}\n");
    java.nio.file.Path out = java.nio.file.Files.createDirectories(dir.resolve("out"));
    javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
    javax.tools.DiagnosticCollector<javax.tools.JavaFileObject> said = new javax.tools.DiagnosticCollector<>();
    try (javax.tools.StandardJavaFileManager files = javac.getStandardFileManager(said, null, null)) {
      javax.tools.JavaCompiler.CompilationTask task = javac.getTask(null, files, said, java.util.List.of(
              "-sourcepath", dir.resolve("src").toString(), "-d", out.toString(), "-s", out.toString(),
              "-cp", System.getProperty("java.class.path")),
          null, files.getJavaFileObjects(src.resolve("Flow.java").toFile(), src.resolve("Twice.java").toFile(),
              src.resolve("Helpers.java").toFile()));
      task.setProcessors(java.util.List.of(new SluiceProcessor()));
      boolean ok = task.call();
      org.junit.jupiter.api.Assertions.assertTrue(ok, said.getDiagnostics().toString());
    }
  }

  @Test
  void aStageWithABodyIsNamedNotReportedMissing() {
    // it was ignored, and the error said the pipeline had no @Source (outside-in case F8a)
    rejects(java("P", NODES + """
        @Pipeline interface P {
          @Source default int in() { return 0; }   // with a body
          @From("in") Inc inc();
          @Sink @From("inc") int out();
        }
        """), Message.STAGE_WITH_BODY, "// with a body", "in() is a default method marked as a stage", "remove its body");
  }

  /** Names a file system cannot hold are refused before any file is written, not by javac after compiling. */
  @Test
  void classFileNamesTooLong() {
    String stage = "s".repeat(120);
    String channel = "c".repeat(120);
    rejects(java("P", "@Node final class Wide { void run(int x, IntOut " + channel + ") { } }\n"
        + "@Pipeline interface P {  // P\n"
        + "  @Source int in();\n"
        + "  @From(\"in\") Wide " + stage + "();\n"
        + "  @Sink @From(\"" + stage + "\") int out();\n"
        + "}\n"), Message.GENERATED_NAME_TOO_LONG, "// P", "file systems allow at most 255");
  }

  /** {@code record R(T c0, T c1, ...)} of {@code n} components of type {@code type}, and a newline. */
  private static String wideRecord(int n, String type) {
    return java.util.stream.IntStream.range(0, n).mapToObj(i -> type + " c" + i)
        .collect(java.util.stream.Collectors.joining(", ", "record R(", ") {}\n"));
  }

  /**
   * A generated method that would take more than the JVM's 255 parameter slots is refused on the
   * pipeline, before javac refuses the generated code (outside-in helper-35: "too many parameters" in
   * the kernel's push of a record of 126 longs, one parameter a component).
   */
  @Test
  void aRecordTooWideForTheKernelsPush() {
    JavaFileObject file = java("P", wideRecord(126, "long")
        + "@Node final class Copy { void run(R r, Out<R> out) { out.push(r); } }\n"
        + "@Pipeline interface P {  // P\n"
        + "  @Source R in();\n"
        + "  @From(\"in\") Copy copy();\n"
        + "  @Sink @From(\"copy\") R out();\n"
        + "}\n");
    // the kernel's push is written from the translated bodies, which ecj has none of: javac only
    Compilation c = compile(file);
    assertError(c, Message.GENERATED_METHOD_TOO_WIDE, file, "// P",
        "pipeline t.P would generate the method PPipeline_Kernel.push_copy_out with 256 parameter slots", "@Pipeline(gpu = false)");
    assertWithMessage("Sluice errors").that(sluiceErrors(c)).hasSize(1);
    assertWithMessage("javac's own errors").that(c.errors()).hasSize(1);
  }

  /**
   * A method of the API, which every back end has, is no kernel's: its message does not offer
   * {@code @Pipeline(gpu = false)}, already set here (outside-in helper-50).
   */
  @Test
  void aRecordTooWideForRunColumns() {
    JavaFileObject file = java("P", wideRecord(255, "int")
        + "@Node final class First { void run(R r, IntOut out) { out.push(r.c0()); } }\n"
        + "@Pipeline(gpu = false) interface P {  // P\n"
        + "  @Source R in();\n"
        + "  @From(\"in\") First first();\n"
        + "  @Sink @From(\"first\") int out();\n"
        + "}\n");
    Compilation c = rejects(file, Message.GENERATED_METHOD_TOO_WIDE, "// P",
        "pipeline t.P would generate the method PPipeline.runColumns with 256 parameter slots",
        "a record of fewer components, or fewer @Reduce fields (the method takes each component or reduction on its own");
    assertWithMessage("the way out").that(sluiceErrors(c).get(0)).doesNotContain("gpu = false");
  }

  /**
   * Names a case-insensitive file system would take for one file are refused too, on the second stage
   * (outside-in helper-42: it was reported on the pipeline's line).
   */
  @Test
  void classFileNamesThatDifferOnlyInCase() {
    rejects(java("P", """
        @Node final class Inc { void run(int x, IntOut out) { out.push(x + 1); } }
        @Pipeline interface P {
          @Source int in();
          @From("in") Inc count();
          @From("count") Inc Count();  // Count
          @Sink @From("Count") int out();
        }
        """), Message.GENERATED_NAMES_CASE, "// Count", "PPipeline_CpuDirect$Out_count_out.class and",
        "PPipeline_CpuDirect$Out_Count_out.class, whose names differ only in case");
  }

  /** Two channels of one node whose names differ only in case: on the second channel. */
  @Test
  void channelNamesThatDifferOnlyInCase() {
    rejects(java("P", """
        @Node final class Two {
          void run(int x, IntOut out,
              IntOut Out) {  // Out
            out.push(x);
            Out.push(x);
          }
        }
        @Pipeline interface P {
          @Source int in();
          @From("in") Two two();
          @Sink @From("two.out") int a();
          @Sink @From("two.Out") int b();
        }
        """), Message.GENERATED_NAMES_CASE, "// Out", "differ only in case");
  }

  @Test
  void widthBelowOne() {
    rejects(java("P", """
        @Pipeline(width = 0) interface P {
          @Source int in();
          @Sink @From("in") int out();
        }
        """), Message.BAD_SETTING, "@Pipeline(width = 0)", "width = 0");
  }

  @Test
  void queueScaleBelowOne() {
    rejects(java("P", """
        @Pipeline(
            queueScale = 0)
        interface P {
          @Source int in();
          @Sink @From("in") int out();
        }
        """), Message.BAD_SETTING, "queueScale = 0", "queueScale = 0");
  }

  @Test
  void resultAccessorsMustNotClash() {
    rejects(java("P", """
          @Node final class Count { @Reduce(ReduceOp.SUM) int n; void run(int x, IntOut out) { n += 1; out.push(x); } }
          @Pipeline interface P {
            @Source int in();
            @From("in") Count c();
            @Sink @From("c") int cN();
          }
        """), Message.RESULT_NAME_CLASH, "Count c()", "cN()", "sink 'cN'", "@Reduce field c.n");
  }

  @Test
  void aSinkMayNotBeNamedReport() {
    rejects(pipeline("""
          @Source int in();
          @Sink @From("in") int report();
        """), Message.RESULT_NAME_CLASH, "int report()", "report()", "the run report");
  }

  /** Result is a class: a sink named hashCode made its accessor clash with Object's, in generated code. */
  @Test
  void aSinkMayNotBeNamedLikeAMethodOfObject() {
    rejects(pipeline("""
          @Source int in();
          @Sink @From("in") int hashCode();
        """), Message.RESULT_NAME_CLASH, "int hashCode()", "hashCode()", "java.lang.Object's hashCode()");
  }

  /**
   * Stage names that are also names of the generated classes' own fields: the factories' fields are
   * prefixed, so these compile (they made the generated pipeline and builder fail to compile).
   */
  @Test
  void stagesMayTakeTheNamesOfTheGeneratedClassesFields() {
    com.google.testing.compile.Compilation c = Sources.compile(java("P", NODES + """
        @Pipeline interface P {
          @Source int in();
          @From("in") Inc device();
          @From("device") Inc instances();
          @From("instances") Inc chunkSize();
          @From("chunkSize") Inc maxSteps();
          @From("maxSteps") Inc progress();
          @From("progress") Inc options();
          @From("options") Inc sinkStarts();
          @From("sinkStarts") Inc kernel();
          @From("kernel") Inc PLAN();
          @From("PLAN") Inc build();
          @Sink @From("build") int out();
        }
        """));
    com.google.testing.compile.CompilationSubject.assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void privateReduceFieldIsInaccessible() {
    rejects(java("P", """
          @Node final class Count {
            @Reduce(ReduceOp.SUM) private int n;    // the field
            void run(int x, IntOut out) { n += 1; out.push(x); }
          }
          @Pipeline interface P {
            @Source int in();
            @From("in") Count c();
            @Sink @From("c") int out();
          }
        """), Message.INACCESSIBLE, "// the field", "@Reduce field 'n' is private", "make it package-private");
  }
}
