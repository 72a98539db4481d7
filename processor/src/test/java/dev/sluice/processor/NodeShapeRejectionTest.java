package dev.sluice.processor;

import static dev.sluice.processor.Sources.assertError;
import static dev.sluice.processor.Sources.compile;
import static dev.sluice.processor.Sources.java;
import static dev.sluice.processor.Sources.rejects;
import static dev.sluice.processor.Sources.sluiceErrors;
import static com.google.common.truth.Truth.assertWithMessage;

import com.google.testing.compile.Compilation;
import dev.sluice.processor.diagnostics.Message;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Node shape problems (SLU2xx), and the fields' roles and types (SLU301-304). */
class NodeShapeRejectionTest {
  private static final String RECORDS = """
      record Line(int start, int end) {}
      @SignalTag record Reset(int id) {}
      record NotATag(int id) {}
      """;

  private static JavaFileObject node(String body) {
    return java("N", RECORDS + body);
  }

  /**
   * A class whose class file's name fits but whose stamp's does not (".sluice-source" is 8 bytes
   * longer than ".class"): an error on the class, not an internal one (outside-in helper-35: SLU999,
   * "could not write the stamp", and nothing generated).
   */
  @Test
  void aNodeNameWithNoRoomForItsStamp() {
    String name = "N" + "x".repeat(244);
    rejects(node("@Node final class " + name + " { void run(int x) { } }"), Message.NODE_NAME_TOO_LONG,
        "final class " + name, "node class t." + name + " gets the file " + name + ".sluice-source beside its class file",
        "whose name is 259 bytes long, and file systems allow at most 255: shorten the class's name by 4 bytes");
  }

  @Test
  void notFinal() {
    rejects(node("@Node class Plain { void run(int x) { } }"), Message.NODE_NOT_FINAL, "class Plain", "must be final");
  }

  @Test
  void abstractNode() {
    rejects(node("@Node abstract class Abs { void run(int x) { } }"), Message.NODE_ABSTRACT, "abstract class Abs");
  }

  @Test
  void genericNode() {
    rejects(node("@Node final class Gen<T> { void run(int x) { } }"), Message.NODE_GENERIC, "class Gen<T>");
  }

  @Test
  void nodeOnAnInterface() {
    rejects(node("@Node interface Face { }"), Message.NODE_NOT_CLASS, "interface Face", "not interface");
  }

  @Test
  void nodeOnAnAnnotationType() {
    // said in words: it read "not annotation_type", the element kind's constant (outside-in helper-117)
    rejects(node("@Node @interface Marks { }"), Message.NODE_NOT_CLASS, "@interface Marks", "not annotation type");
  }

  @Test
  void runDeclaringACheckedException() {
    rejects(node("@Node final class Io { void run(int x) throws java.io.IOException { } }"), Message.CHECKED_EXCEPTION,
        "void run(int x) throws", "run(...) declares the checked exception java.io.IOException");
  }

  @Test
  void countDeclaringACheckedException() {
    rejects(node("@Node @Region final class Wait { int count(Line l) throws InterruptedException { return 1; } }"),
        Message.CHECKED_EXCEPTION, "int count(Line l)", "count(...) declares the checked exception java.lang.InterruptedException");
  }

  @Test
  void handlerDeclaringACheckedException() {
    rejects(node("""
        @Node final class End {
          void run(int x) { }
          @SignalHandler(Signal.END) void end(Line l) throws Exception { }
        }
        """), Message.CHECKED_EXCEPTION, "void end(Line l)", "end(...) declares the checked exception java.lang.Exception");
  }

  /** The default factory calls the no-argument constructor. */
  @Test
  void constructorDeclaringACheckedException() {
    rejects(node("""
        @Node final class Load {
          Load() throws Exception { }
          void run(int x) { }
        }
        """), Message.CHECKED_EXCEPTION, "Load() throws", "Load() declares the checked exception java.lang.Exception");
  }

  /** Unchecked exceptions, and constructors the generated code never calls, may declare anything. */
  @Test
  void uncheckedExceptionsAndOtherConstructorsAreFine() {
    Compilation c = compile(node("""
        @Node final class Fine {
          Fine() throws IllegalStateException { }
          Fine(String path) throws java.io.IOException { }
          void run(int x) throws IllegalArgumentException, StackOverflowError { }
        }
        """));
    com.google.testing.compile.CompilationSubject.assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void missingRun() {
    rejects(node("@Node final class NoRun { void go(int x) { } }"), Message.MISSING_RUN, "class NoRun");
  }

  @Test
  void severalRuns() {
    rejects(node("""
        @Node final class Two {
          void run(int x) { }
          void run(long x) { }
        }
        """), Message.SEVERAL_RUN, "void run(long x)");
  }

  @Test
  void runNotVoid() {
    rejects(node("""
        @Node final class Ret {
          int run(int x) { return x; }
        }
        """), Message.RUN_NOT_VOID, "int run(int x)");
  }

  @Test
  void runFirstParameterNotAnItem() {
    rejects(node("""
        @Node final class First {
          void run(IntOut out,
                   int x) { }
        }
        """), Message.RUN_FIRST_PARAMETER, "IntOut out,");
  }

  @Test
  void runWithoutParameters() {
    rejects(node("""
        @Node final class Empty {
          void run() { }
        }
        """), Message.RUN_FIRST_PARAMETER, "void run()");
  }

  @Test
  void unknownRunParameter() {
    rejects(node("""
        @Node final class Odd {
          void run(int x,
                   String name) { }
        }
        """), Message.UNKNOWN_PARAMETER, "String name", "'name' has type java.lang.String");
  }

  /** An item type where the parent goes, without @Parent: the message says to write it (outside-in helper-129). */
  @Test
  void aParentWithoutItsAnnotation() {
    rejects(node("""
        @Node final class Odd {
          void run(int x,
                   Line line) { }
        }
        """), Message.UNKNOWN_PARAMETER, "Line line", "Raise<T>: if it is the parent of the region the node is in,"
        + " write @Parent before its type: @Parent Line line");
  }

  @Test
  void privateRun() {
    rejects(node("""
        @Node final class Hidden {
          private void run(int x) { }
        }
        """), Message.METHOD_NOT_USABLE, "private void run", "must not be private");
  }

  @Test
  void staticRun() {
    rejects(node("""
        @Node final class Stat {
          static void run(int x) { }
        }
        """), Message.METHOD_NOT_USABLE, "static void run", "must not be static");
  }

  @Test
  void severalParents() {
    rejects(node("""
        @Node final class Parents {
          void run(int x, @Parent Line a,
                   @Parent Line b) { }
        }
        """), Message.SEVERAL_PARENTS, "@Parent Line b");
  }

  @Test
  void countReturningLong() {
    rejects(node("""
        @Node @Region final class NoCount {
          long count(Line parent) { return 1; }
        }
        """), Message.COUNT_SIGNATURE, "long count", "count(...) of @Region node NoCount returns long",
        "int count(P parent)");
  }

  @Test
  void countWithTwoParameters() {
    rejects(node("""
        @Node @Region final class TwoParams {
          int count(Line parent, Raise<Reset> r) { return 1; }
        }
        """), Message.COUNT_SIGNATURE, "int count(Line parent, Raise", "takes 2 parameters, but must take the parent alone");
  }

  @Test
  void parentOnTheItem() {
    rejects(node("""
        @Node final class P {
          void run(@Parent int x, IntOut out) { }
        }
        """), Message.PARENT_ON_ITEM, "@Parent int x", "@Parent cannot mark run's first parameter");
  }

  @Test
  void maxOnTheItem() {
    rejects(node("""
        @Node final class M {
          void run(@Max(3) int x, IntOut out) { }
        }
        """), Message.MAX_NOT_ON_CHANNEL, "@Max(3) int x", "@Max on 'x' has no effect");
  }

  @Test
  void aggregateOnTheItem() {
    rejects(node("""
        @Node final class M {
          void run(@Aggregate int x, IntOut out) { }
        }
        """), Message.AGGREGATE_NOT_ON_CHANNEL, "@Aggregate int x", "@Aggregate on 'x' has no effect");
  }

  @Test
  void maxOnTheParent() {
    rejects(node("""
        @Node final class M {
          void run(int x, @Max(2) @Parent Line line, IntOut out) { }
        }
        """), Message.MAX_NOT_ON_CHANNEL, "@Max(2) @Parent", "@Max on 'line' has no effect");
  }

  /** On count's parameter these were silently ignored (outside-in helper-68), where on run's they are errors. */
  @Test
  void parentOnCount() {
    rejects(node("""
        @Node @Region final class Lines {
          int count(@Parent Line line) { return 1; }
        }
        """), Message.PARAMETER_ANNOTATION_NOT_READ, "@Parent Line line",
        "@Parent on parameter 'line' of count(...) has no effect: it is read on the parameters of a node's run method"
            + " and signal handlers only; remove it (count's one parameter is its region's parent already)");
  }

  @Test
  void maxAndAggregateOnCount() {
    JavaFileObject f = node("""
        @Node @Region final class Lines {
          int count(@Max(3)
                    @Aggregate Line line) { return 1; }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.PARAMETER_ANNOTATION_NOT_READ, f, "@Max(3)", "@Max on parameter 'line' of count(...) has no effect");
    assertError(c, Message.PARAMETER_ANNOTATION_NOT_READ, f, "@Aggregate Line line",
        "@Aggregate on parameter 'line' of count(...) has no effect");
  }

  @Test
  void parameterAnnotationsOnAHelperAndAConstructor() {
    JavaFileObject f = node("""
        @Node final class Helped {
          Helped(@Max(2) int size) { }
          Helped() { }
          void run(int x, IntOut out) { out.push(twice(x, 1)); }
          static int twice(int a,
                           @Parent int b) { return 2 * a + b; }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.PARAMETER_ANNOTATION_NOT_READ, f, "@Max(2) int size",
        "@Max on parameter 'size' of the constructor has no effect");
    assertError(c, Message.PARAMETER_ANNOTATION_NOT_READ, f, "@Parent int b", "@Parent on parameter 'b' of twice(...) has no effect");
  }

  /**
   * A handler named run was reported as a second run method (outside-in helper-68); now it is told
   * that the name is taken.
   */
  @Test
  void aHandlerNamedRun() {
    rejects(node("""
        @Node final class Counted {
          @Reduce(ReduceOp.SUM) int n;
          void run(int i) { n += 1; }
          @SignalHandler(Signal.END) void run(int parent, @Aggregate IntOut out) { out.push(n); }
        }
        """), Message.METHOD_NAME_TAKEN, "void run(int parent,",
        "signal handler run of Counted is named run, the name of the node's item method: the processor finds that"
            + " method by its name; give this one another name");
  }

  /**
   * Lombok listed after the processor (or not at all) has not written the constructor its annotation
   * asks for: the generated factory called javac's default one, which Lombok then removed, and the
   * build failed inside the generated code (outside-in helper-91). A stand-in {@code lombok.AllArgsConstructor}
   * plays Lombok not having run.
   */
  @Test
  void aLombokConstructorNotWrittenYetSaysToListLombokFirst() {
    JavaFileObject lombok = com.google.testing.compile.JavaFileObjects.forSourceString("lombok.AllArgsConstructor",
        "package lombok; public @interface AllArgsConstructor {}");
    JavaFileObject f = node("""
        @lombok.AllArgsConstructor
        @Node final class Scaled {
          @Param int factor;
          void run(int x, IntOut out) { out.push(x * factor); }
        }
        """);
    Compilation c = compile(f, lombok);
    assertError(c, Message.LOMBOK_AFTER, f, "@lombok.AllArgsConstructor",
        "Lombok has not written the constructor @AllArgsConstructor asks for on Scaled yet: list Lombok before"
            + " sluice-processor in annotationProcessorPaths");
    org.junit.jupiter.api.Assertions.assertEquals(1, Sources.sluiceErrors(c).size(), Sources.sluiceErrors(c).toString());
  }

  /** A static helper named count beside a region's count was reported as a second count. */
  @Test
  void aStaticHelperNamedCountInARegion() {
    rejects(node("""
        @Node @Region final class Lines {
          int count(Line line) { return count(line.start(), line.end()); }
          static int count(int from, int to) { return to - from; }
        }
        """), Message.METHOD_NAME_TAKEN, "static int count(int from",
        "static method count of Lines is named count, the name of the node's count of elements");
  }

  /**
   * A static helper named run beside the node's run was reported as a second run method, on the
   * node's own run (outside-in helper-134); now the helper is told that the name is taken.
   */
  @Test
  void aStaticHelperNamedRun() {
    rejects(node("""
        @Node final class Summed {
          void run(int x, IntOut out) { out.push(run(x, 1)); }
          private static int run(int a, int b) { return a + b; }
        }
        """), Message.METHOD_NAME_TAKEN, "private static int run(int a",
        "static method run of Summed is named run, the name of the node's item method: the processor finds that"
            + " method by its name; give this one another name");
  }

  /** A misnamed run is told it has none, not that its channel's @Max should go (outside-in helper-72). */
  @Test
  void aMisnamedRunIsNotToldToDropItsAnnotations() {
    rejects(node("""
        @Node final class Misnamed {
          void process(int x, @Max(2) IntOut out) { }
        }
        """), Message.MISSING_RUN, "final class Misnamed", "declares no run method");
  }

  /** A static count alone is the region's count, refused as static, not a helper. */
  @Test
  void aStaticCountAlone() {
    rejects(node("""
        @Node @Region final class Lines {
          static int count(Line line) { return 1; }
        }
        """), Message.METHOD_NOT_USABLE, "static int count(Line line)", "must not be static");
  }

  @Test
  void twoRaisesOfOneTag() {
    rejects(node("""
        @Node final class R {
          void run(int x, IntOut out, Raise<Reset> a,
                   Raise<Reset> b) { }
        }
        """), Message.SEVERAL_RAISE, "Raise<Reset> b)", "run takes two Raise<Reset> parameters, 'a' and 'b'");
  }

  @Test
  void regionWithoutAnyCount() {
    rejects(node("""
        @Node @Region
        final class Nothing { }
        """), Message.REGION_COUNT, "final class Nothing");
  }

  @Test
  void regionWithRun() {
    rejects(node("""
        @Node @Region final class Both {
          int count(Line parent) { return 1; }
          void run(int x) { }
        }
        """), Message.REGION_WITH_RUN, "void run(int x)");
  }

  @Test
  void regionWithHandler() {
    rejects(node("""
        @Node @Region final class Handles {
          int count(Line parent) { return 1; }
          @SignalHandler(Signal.END) void end(Line parent) { }
        }
        """), Message.REGION_HANDLER, "void end(Line parent)");
  }

  @Test
  void regionSpecBelowOne() {
    rejects(node("""
        @Node @Region(parentBuffer = 0) final class Tiny {
          int count(Line parent) { return 1; }
        }
        """), Message.BAD_REGION_SPEC, "parentBuffer = 0", "parentBuffer = 0");
  }

  @Test
  void maxBelowOne() {
    rejects(node("""
        @Node final class Zero {
          void run(int x,
                   @Max(0) IntOut out) { }
        }
        """), Message.MAX_LESS_THAN_ONE, "@Max(0)", "@Max(0) on channel 'out'");
  }

  @Test
  void channelConflictingType() {
    rejects(node("""
        @Node final class Conflict {
          void run(int x, IntOut out) { }
          @SignalHandler(Signal.END) void end(Line parent,
                                              LongOut out) { }
        }
        """), Message.CHANNEL_CONFLICT, "LongOut out", "channel 'out' is declared as long channel here but as int channel in run(...)");
  }

  @Test
  void channelConflictingMax() {
    rejects(node("""
        @Node final class Conflict {
          void run(int x, @Max(2) IntOut out) { }
          @SignalHandler(Signal.END) void end(Line parent,
                                              IntOut out) { } // here
        }
        """), Message.CHANNEL_CONFLICT, "// here",
        "channel 'out' is declared as int channel @Max(1) (the default) here but as int channel @Max(2) in run(...)");
  }

  @Test
  void handlerNotVoid() {
    rejects(node("""
        @Node final class H {
          void run(int x) { }
          @SignalHandler(Signal.BEGIN) int begin(Line parent) { return 0; }
        }
        """), Message.HANDLER_NOT_VOID, "int begin");
  }

  @Test
  void userHandlerWithoutTag() {
    rejects(node("""
        @Node final class H {
          void run(int x) { }
          @SignalHandler void reset(NotATag tag) { }
        }
        """), Message.HANDLER_SIGNATURE, "NotATag tag", "a record annotated @SignalTag");
  }

  /**
   * An END handler written without its signal: USER is the default, and the message says how to name
   * BEGIN or END (outside-in helper-129); not when USER was written.
   */
  @Test
  void aRegionHandlerWithoutItsSignal() {
    rejects(node("""
        @Node final class H {
          void run(int x) { }
          @SignalHandler void end(Line line) { }
        }
        """), Message.HANDLER_SIGNATURE, "Line line", "(MyTag tag); a handler of a region's BEGIN or END says which:"
        + " @SignalHandler(Signal.BEGIN) or @SignalHandler(Signal.END) (without a value it handles a user signal)");
    com.google.testing.compile.Compilation c = Sources.compile(node("""
        @Node final class H {
          void run(int x) { }
          @SignalHandler(Signal.USER) void end(Line line) { }
        }
        """));
    for (var d : c.errors()) {
      com.google.common.truth.Truth.assertThat(d.getMessage(null)).doesNotContain("Signal.BEGIN");
    }
  }

  @Test
  void endHandlerWithoutParent() {
    rejects(node("""
        @Node final class H {
          void run(int x) { }
          @SignalHandler(Signal.END) void end(IntOut out) { }
        }
        """), Message.HANDLER_SIGNATURE, "void end(IntOut out)", "the region's parent");
  }

  /** Swapped parameters drew three errors, one of them calling the channel's @Aggregate pointless (helper-89). */
  @Test
  void aHandlerWhoseParentFollowsItsChannelIsToldToPutItFirst() {
    rejects(node("""
        @Node final class H {
          void run(int x) { }
          @SignalHandler(Signal.END) void end(@Aggregate IntOut out, Line line) { }
        }
        """), Message.HANDLER_SIGNATURE, "void end(@Aggregate IntOut out, Line line)", "put 'line' first, before the channels");
  }

  /** A forgotten @SignalHandler drew only "remove it" for the channel's annotations (helper-89). */
  @Test
  void aMethodWithChannelsButNoSignalHandlerIsToldOfTheAnnotation() {
    rejects(node("""
        @Node final class H {
          void run(int x) { }
          void end(Line line, @Max(1) IntOut out) { }
        }
        """), Message.PARAMETER_ANNOTATION_NOT_READ, "@Max(1) IntOut out",
        "annotate end(...) @SignalHandler if it is meant to handle a signal, else remove it");
  }

  @Test
  void aHandlersParentMarkedParentIsToldToDropTheMark() {
    rejects(node("""
        @Node final class H {
          void run(int x, @Parent Line line) { }
          @SignalHandler(Signal.END) void end(@Parent Line line) { }
        }
        """), Message.HANDLER_SIGNATURE, "void end(@Parent Line line)", "without @Parent");
  }

  @Test
  void handlerWithoutParameters() {
    rejects(node("""
        @Node final class H {
          void run(int x) { }
          @SignalHandler(Signal.BEGIN) void begin() { }
        }
        """), Message.HANDLER_SIGNATURE, "void begin()",
        "must take the region's parent as its first parameter: the item type its region's enumerator takes, as in"
        + " void begin(Line line) for a region over lines");
  }

  @Test
  void handlerWithNonChannelParameter() {
    rejects(node("""
        @Node final class H {
          void run(int x) { }
          @SignalHandler void reset(Reset tag,
                                    int extra) { }
        }
        """), Message.HANDLER_PARAMETER, "int extra", "must be an output channel: a handler takes its parent or tag,"
        + " then only Out, IntOut, LongOut, FloatOut or DoubleOut channels");
  }

  @Test
  void userHandlerTakingAParent() {
    rejects(node("""
        @Node final class H {
          void run(int x) { }
          @SignalHandler void reset(Reset tag,
                                    @Parent Line line) { }
        }
        """), Message.HANDLER_PARAMETER, "@Parent Line line", "a user signal's handler takes no @Parent (its first"
        + " parameter is the tag; a signal that enters a region through its enumerator arrives between parents); read the"
        + " parent in run(...) with @Parent");
  }

  @Test
  void handlerRaising() {
    rejects(node("""
        @Node final class H {
          void run(int x) { }
          @SignalHandler void reset(Reset tag,
                                    Raise<Reset> again) { }
        }
        """), Message.HANDLER_PARAMETER, "Raise<Reset> again", "only run(...) may raise signals (take the Raise there)");
  }

  @Test
  void duplicateHandler() {
    rejects(node("""
        @Node final class H {
          void run(int x) { }
          @SignalHandler void reset(Reset tag) { }
          @SignalHandler void again(Reset tag) { }
        }
        """), Message.DUPLICATE_HANDLER, "void again", "more than one handler for t.Reset");
  }

  /**
   * One use against one: either may be the mistake (the region's type is not known where the node is
   * checked), so each is reported on its own line (outside-in helper-102: only the later one was, which
   * put the error on the handler that was right).
   */
  @Test
  void parentTypesDisagree() {
    JavaFileObject file = node("""
        @Node final class H {
          void run(int x, @Parent Line line) { }
          @SignalHandler(Signal.END) void end(Reset parent) { }
        }
        """);
    Compilation c = compile(file);
    assertError(c, Message.PARENT_TYPE_CONFLICT, file, "void end(Reset parent)",
        "parameter 'parent' of H.end(...) takes parent type t.Reset, but parameter 'line' of H.run(...) takes t.Line");
    assertError(c, Message.PARENT_TYPE_CONFLICT, file, "void run(int x, @Parent Line line)",
        "parameter 'line' of H.run(...) takes parent type t.Line, but parameter 'parent' of H.end(...) takes t.Reset");
    assertWithMessage("Sluice errors").that(sluiceErrors(c)).hasSize(2);
  }

  /** Where most uses name one type, only the others are reported, against one of them. */
  @Test
  void oneParentTypeAgainstTwo() {
    rejects(node("""
        @Node final class H {
          void run(int x, @Parent Line line) { }
          @SignalHandler(Signal.BEGIN) void begin(Reset parent) { }
          @SignalHandler(Signal.END) void end(Line parent) { }
        }
        """), Message.PARENT_TYPE_CONFLICT, "void begin(Reset parent)",
        "parameter 'parent' of H.begin(...) takes parent type t.Reset, but parameter 'line' of H.run(...) takes t.Line");
  }

  @Test
  void unannotatedField() {
    rejects(node("""
        @Node final class F {
          int plain;
          void run(int x) { }
        }
        """), Message.UNANNOTATED_FIELD, "int plain", "'plain'");
  }

  @Test
  void aRoleOnAStaticFieldIsRejected() {
    // it was ignored: one value shared by every instance, never reset, and no accessor in the Result
    rejects(node("""
        @Node final class F {
          @Reduce(ReduceOp.SUM) static int seen;
          void run(int x) { }
        }
        """), Message.ROLE_ON_STATIC_FIELD, "static int seen", "static field 'seen' cannot be @Reduce", "remove 'static'");
  }

  @Test
  void anInheritedInstanceFieldIsRejected() {
    rejects(node("""
        abstract class Base {
          static final int LIMIT = 3;
          protected int seen;
          static int twice(int v) { return 2 * v; }
        }
        @Node final class F extends Base {   // the node
          void run(int x) { }
        }
        """), Message.INHERITED_FIELD, "// the node", "node F inherits instance field 'seen' from t.Base",
        "declare it in F");
  }

  @Test
  void anErrorInOneNodeAddsNoWarningAboutAnotherPipelinesKernel() {
    // javac warned that the valid pipeline's kernel, written the round after the error, "will not be
    // subject to annotation processing" (outside-in finding)
    Compilation c = compile(node("""
        @Node final class Bad {
          int plain;
          void run(int x) { }
        }
        @Node final class Inc {
          void run(int x, IntOut out) { out.push(x + 1); }
        }
        @Pipeline interface A {
          @Source int in();
          @From("in") Inc inc();
          @Sink @From("inc") int out();
        }
        """));
    assertError(c, Message.UNANNOTATED_FIELD, c.sourceFiles().get(0), "int plain");
    com.google.testing.compile.CompilationSubject.assertThat(c).hadWarningCount(0);
  }

  @Test
  void staticFieldsNeedNoRole() {
    Compilation c = compile(node("""
        @Node final class F {
          static final int LIMIT = 3;
          void run(int x) { }
        }
        """));
    com.google.testing.compile.CompilationSubject.assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void twoRoles() {
    rejects(node("""
        @Node final class F {
          @Param @State int both;
          void run(int x) { }
        }
        """), Message.FIELD_ANNOTATIONS_CONFLICT, "int both");
  }

  @Test
  void stateArray() {
    rejects(node("""
        @Node final class F {
          @State int[] counts;
          void run(int x) { }
        }
        """), Message.BAD_FIELD_TYPE, "int[] counts", "@State field 'counts' has type int[]");
  }

  @Test
  void paramOfObjectType() {
    rejects(node("""
        @Node final class F {
          @Param final String name = "";
          void run(int x) { }
        }
        """), Message.BAD_FIELD_TYPE, "String name", "@Param field 'name'");
  }

  @Test
  void bitwiseReduceOnFloat() {
    rejects(node("""
        @Node final class F {
          @Reduce(ReduceOp.XOR) float mix;
          void run(int x) { }
        }
        """), Message.REDUCE_OP_TYPE, "float mix", "@Reduce(XOR) needs an int or long field, not float");
  }

  /** The generated code assigns a reduction at each run; a final one made it fail to compile. */
  @Test
  void finalReduce() {
    rejects(node("""
        @Node final class F {
          @Reduce(ReduceOp.SUM) final int total = 0;
          void run(int x) { }
        }
        """), Message.REDUCE_FINAL, "final int total", "@Reduce field 'total' must not be final");
  }

  @Test
  void reportsEveryProblemOfANode() {
    JavaFileObject f = node("""
        @Node class Many {
          int plain;
          int run(String s) { return 0; }
        }
        """);
    Compilation c = compile(f);
    assertError(c, Message.NODE_NOT_FINAL, f, "class Many");
    assertError(c, Message.UNANNOTATED_FIELD, f, "int plain");
    assertError(c, Message.RUN_NOT_VOID, f, "int run(String s)");
    assertError(c, Message.UNSUPPORTED_ITEM_TYPE, f, "int run(String s)", "java.lang.String is not a supported item type");
  }

  /** A node's annotations on a class without @Node: nothing reads them, so each is an error on its annotation. */
  @Test
  void nodeAnnotationsOnAClassThatIsNotANode() {
    JavaFileObject f = java("N", """
        @SignalTag record Tag(int id) {}
        final class Lost {
          @Param final int k = 1;                            // a param
          @Reduce(ReduceOp.SUM) int sum;                     // a reduce
          void run(int x, @Max(2) IntOut out) { }            // a max
          @SignalHandler void on(Tag t) { }                  // a handler
        }
        @Region final class Alone { int count(Tag t) { return 0; } }  // a region
        """);
    Compilation c = compile(f);
    assertError(c, Message.NOT_IN_A_NODE, f, "// a param",
        "@Param on field 'k' has no effect: t.Lost is not a @Node class, and only a node's are read; add @Node");
    assertError(c, Message.NOT_IN_A_NODE, f, "// a reduce", "@Reduce on field 'sum'");
    assertError(c, Message.NOT_IN_A_NODE, f, "// a max", "@Max on parameter 'out'");
    assertError(c, Message.NOT_IN_A_NODE, f, "// a handler", "@SignalHandler on method 'on'");
    assertError(c, Message.NOT_IN_A_NODE, f, "// a region", "@Region on class 'Alone' has no effect: t.Alone");
    com.google.common.truth.Truth.assertThat(Sources.sluiceErrors(c)).hasSize(5);
  }

  /** In a record the advice was to add @Node to it (helper-89), which a record cannot take. */
  @Test
  void aNodeAnnotationInARecordIsToBeRemoved() {
    // javac only: under ecj (3.46) the processor is not shown this annotation, and nothing is reported
    JavaFileObject f = java("N", """
        record Pair(@Max(2) int a, int b) {}
        """);
    Compilation c = compile(f);
    assertError(c, Message.NOT_IN_A_NODE, f, "record Pair", "remove the annotation (Pair is a record, which cannot be a node)");
    com.google.common.truth.Truth.assertThat(Sources.sluiceErrors(c)).hasSize(1);
  }

  /**
   * A node class compiled elsewhere (a jar, another module) has no file or line of its own: its
   * problems are shown on the stage that uses it, naming the class (outside-in: javac printed them
   * with no location at all).
   */
  @Test
  void aNodeFromAClassFileHasItsProblemsShownOnTheStage(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Path src = java.nio.file.Files.createDirectories(dir.resolve("src/q"));
    java.nio.file.Files.writeString(src.resolve("N.java"), """
        package q;
        @dev.sluice.Node public class N {
          public void run(int x, dev.sluice.IntOut out) { out.push(x); }
        }
        """);
    java.nio.file.Path classes = java.nio.file.Files.createDirectories(dir.resolve("classes"));
    javax.tools.JavaCompiler jc = javax.tools.ToolProvider.getSystemJavaCompiler();
    org.junit.jupiter.api.Assertions.assertEquals(0, jc.run(null, null, null, "-proc:none", "-parameters", "-cp",
        Sources.location(dev.sluice.Node.class).toString(), "-d", classes.toString(), src.resolve("N.java").toString()));
    JavaFileObject file = java("P", """
        @Pipeline interface P {
          @Source int in();
          @From("in") q.N n();    // uses the class file
          @Sink @From("n") int res();
        }
        """);
    Compilation c = com.google.testing.compile.Compiler.javac().withProcessors(new SluiceProcessor())
        .withClasspath(java.util.List.of(classes.toFile(), Sources.location(dev.sluice.Node.class),
            Sources.location(dev.sluice.runtime.Device.class)))
        .compile(file);
    assertError(c, Message.NODE_NOT_FINAL, file, "// uses the class file",
        "@Node class N must be final (node class q.N, which stage n() uses, is compiled elsewhere: its problems are"
            + " shown here)");
  }

  /**
   * A node class from the class path that no processor stamped (a library module built without
   * sluice-processor) is warned of on the stage: its bodies were not checked, and a change to it
   * would not be seen at run time (outside-in helper-123). One compiled with the processor is not.
   */
  @Test
  void aNodeCompiledWithoutTheProcessorIsWarnedOf(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    String node = """
        package q;
        @dev.sluice.Node public final class N {
          public void run(int x, dev.sluice.IntOut out) { out.push(x); }
        }
        """;
    JavaFileObject file = java("P", """
        @Pipeline interface P {
          @Source int in();
          @From("in") q.N n();    // uses the class file
          @Sink @From("n") int res();
        }
        """);
    java.nio.file.Path bare = classFiles(dir.resolve("bare"), "q/N.java", node);
    Compilation c = com.google.testing.compile.Compiler.javac().withProcessors(new SluiceProcessor())
        .withClasspath(java.util.List.of(bare.toFile(), Sources.location(dev.sluice.Node.class),
            Sources.location(dev.sluice.runtime.Device.class)))
        .compile(file);
    com.google.testing.compile.CompilationSubject.assertThat(c).succeeded();
    com.google.testing.compile.CompilationSubject.assertThat(c).hadWarningContaining("[SLU140] node class q.N, which stage n() uses, was compiled without"
        + " sluice-processor (there is no q/N.sluice-source beside its class file)").inFile(file)
        .onLine(Sources.lineOf(file, "// uses the class file"));
    // the same node compiled with the processor has its stamps beside it
    java.nio.file.Path stamped = java.nio.file.Files.createDirectories(dir.resolve("stamped/classes"));
    Compilation lib = com.google.testing.compile.Compiler.javac().withProcessors(new SluiceProcessor())
        .compile(com.google.testing.compile.JavaFileObjects.forSourceString("q.N", node));
    com.google.testing.compile.CompilationSubject.assertThat(lib).succeeded();
    for (javax.tools.JavaFileObject out : lib.generatedFiles()) {
      String name = out.toUri().getPath().replaceFirst("^.*?/CLASS_OUTPUT/", "");
      java.nio.file.Path to = stamped.resolve(name);
      java.nio.file.Files.createDirectories(to.getParent());
      try (java.io.InputStream in = out.openInputStream()) {
        java.nio.file.Files.copy(in, to);
      }
    }
    org.junit.jupiter.api.Assertions.assertTrue(java.nio.file.Files.exists(stamped.resolve("q/N.sluice-source")));
    Compilation ok = com.google.testing.compile.Compiler.javac().withProcessors(new SluiceProcessor())
        .withClasspath(java.util.List.of(stamped.toFile(), Sources.location(dev.sluice.Node.class),
            Sources.location(dev.sluice.runtime.Device.class)))
        .compile(file);
    com.google.testing.compile.CompilationSubject.assertThat(ok).succeeded();
    org.junit.jupiter.api.Assertions.assertTrue(ok.warnings().stream().noneMatch(w -> w.getMessage(null).contains("SLU140")),
        ok.warnings().toString());
  }

  /**
   * Problems that a node compiled elsewhere has only in the pipeline using it (a region, another
   * package) are shown on the stage too; javac printed them with no file, no line and no pipeline
   * (outside-in helper-74).
   */
  @Test
  void aNodeFromAClassFileHasItsPipelineProblemsShownOnTheStage(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Path classes = classFiles(dir, "q/Lib.java", """
        package q;
        public final class Lib {
          public record Line(int start, int end) {}
          @dev.sluice.Node public static final class Par {
            public void run(int x, @dev.sluice.Parent Line l, dev.sluice.IntOut out) { out.push(x + l.start()); }
          }
          @dev.sluice.Node public static final class Sum {
            @dev.sluice.Reduce(dev.sluice.ReduceOp.SUM) int total;
            @dev.sluice.Reduce(dev.sluice.ReduceOp.MAX) int most;
            public void run(int x) { total += x; most = Math.max(most, x); }
          }
        }
        """);
    JavaFileObject file = java("P", """
        @Pipeline interface P {
          @Source int in();
          @From("in") q.Lib.Par par();    // outside every region
          @From("par") q.Lib.Sum sum();    // its @Reduce field is not public
        }
        """);
    Compilation c = com.google.testing.compile.Compiler.javac().withProcessors(new SluiceProcessor())
        .withClasspath(java.util.List.of(classes.toFile(), Sources.location(dev.sluice.Node.class),
            Sources.location(dev.sluice.runtime.Device.class)))
        .compile(file);
    assertError(c, Message.INACCESSIBLE, file, "// its @Reduce field",
        "node class q.Lib.Sum, which stage sum() uses, is compiled elsewhere: its problems are shown here");
    // both fields in one build (outside-in helper-123: the second came only once the first was fixed)
    com.google.common.truth.Truth.assertThat(Sources.sluiceErrors(c).stream()
        .filter(e -> e.contains("its @Reduce field")).map(e -> e.replaceAll(".*its @Reduce field '(\\w+)'.*", "$1"))
        .toList()).containsExactly("total", "most");
    JavaFileObject outside = java("P", """
        @Pipeline interface P {
          @Source int in();
          @From("in") q.Lib.Par par();    // outside every region
          @Sink @From("par") int out();
        }
        """);
    c = com.google.testing.compile.Compiler.javac().withProcessors(new SluiceProcessor())
        .withClasspath(java.util.List.of(classes.toFile(), Sources.location(dev.sluice.Node.class),
            Sources.location(dev.sluice.runtime.Device.class)))
        .compile(outside);
    assertError(c, Message.PARENT_OUTSIDE_REGION, outside, "// outside every region", "of Par in stage 'par'");
  }

  /**
   * A node in a file of its own that two pipelines use: its problem in one of them is shown on that
   * pipeline's stage, since the node itself is fine where the other wires it.
   */
  @Test
  void aRegionProblemOnANodeInAnotherFileIsShownOnThePipelinesStage() {
    JavaFileObject node = java("Par", """
        record Line(int start, int end) {}
        @Node final class Par {
          void run(int x, @Parent Line l, IntOut out) { out.push(x); }    // the parent
        }
        """);
    JavaFileObject ok = java("Good", """
        @Node @Region final class Chars { int count(Line l) { return l.end() - l.start(); } }
        @Pipeline interface Good {
          @Source Line lines();
          @From("lines") Chars chars();
          @From("chars") Par par();
          @Sink @From("par") int out();
        }
        """);
    JavaFileObject bad = java("Bad", """
        @Pipeline interface Bad {
          @Source int in();
          @From("in") Par par();    // outside every region
          @Sink @From("par") int out();
        }
        """);
    Compilation c = compile(node, ok, bad);
    assertError(c, Message.PARENT_OUTSIDE_REGION, bad, "// outside every region", "stage 'par'");
    com.google.common.truth.Truth.assertThat(Sources.sluiceErrors(c)).hasSize(1);
  }

  /** Compiles {@code source} (at {@code path} under a source folder) into a folder of class files. */
  private static java.nio.file.Path classFiles(java.nio.file.Path dir, String path, String source) throws Exception {
    java.nio.file.Path file = dir.resolve("src").resolve(path);
    java.nio.file.Files.createDirectories(file.getParent());
    java.nio.file.Files.writeString(file, source);
    java.nio.file.Path classes = java.nio.file.Files.createDirectories(dir.resolve("classes"));
    org.junit.jupiter.api.Assertions.assertEquals(0, javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null,
        null, "-proc:none", "-parameters", "-cp", Sources.location(dev.sluice.Node.class).toString(), "-d",
        classes.toString(), file.toString()));
    return classes;
  }
}
