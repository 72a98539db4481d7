package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.sluice.processor.Sources.assertError;
import static dev.sluice.processor.Sources.compile;
import static dev.sluice.processor.Sources.java;
import static dev.sluice.processor.Sources.lineOf;
import static dev.sluice.processor.Sources.rejects;
import static dev.sluice.processor.Sources.sluiceErrors;

import com.google.testing.compile.Compilation;
import dev.sluice.processor.diagnostics.Message;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Regions and signals (SLU5xx, SLU109-110): checked once regions are numbered. */
class RegionSignalRejectionTest {
  private static final String PARTS = """
      record Doc(int start, int end) {}
      record Line(int start, int end) {}
      @SignalTag record Flush(int id) {}
      @Node @Region final class Chars { int count(Line l) { return l.end() - l.start(); } }
      @Node final class Inc { void run(int x, IntOut out) { out.push(x + 1); } }
      @Node final class Start { void run(Line l, IntOut out) { out.push(l.start()); } }
      """;

  private static JavaFileObject pipeline(String nodes, String stages) {
    return java("P", PARTS + nodes + "@Pipeline interface P {\n" + stages + "}\n");
  }

  /** Signals are named by their records' simple names in the plan and the generated code: two alike clash. */
  @Test
  void twoTagsOfOneSimpleName() {
    JavaFileObject other = com.google.testing.compile.JavaFileObjects.forSourceString("u.Flush",
        "package u; @dev.sluice.SignalTag public record Flush(long id) {}");
    JavaFileObject p = pipeline("""
        @Node final class Two {
          void run(int x, IntOut out, Raise<Flush> a, Raise<u.Flush> b) { out.push(x); }
          @SignalHandler void one(Flush f) { }
          @SignalHandler void two(u.Flush f) { }
        }
        """, """
          @Source int in();
          @From("in") Two two();
          @Sink @From("two") int out();
        """);
    com.google.testing.compile.Compilation c = Sources.compile(other, p);
    Sources.assertError(c, Message.TAG_NAME_CLASH, p, "@Pipeline interface P",
        "user signals t.Flush and u.Flush have one simple name, Flush");
    com.google.common.truth.Truth.assertThat(Sources.sluiceErrors(c)).hasSize(1);
  }

  @Test
  void overlappingRegions() {
    rejects(pipeline("", """
          @Source Line lines();
          @From("lines") Chars chars();
          @From("chars") Inc inside();
          @From("lines") Start outside();
          @From({"inside", "outside"}) Inc join();
          @Sink @From("join") int out();
        """), Message.REGION_OVERLAP, "\"outside\"})", "stage 'join' is reached inside regions [1]", "[]");
  }

  @Test
  void aggregateOutsideAnyRegion() {
    rejects(pipeline("""
        @Node final class Agg { void run(int x,
                                         @Aggregate IntOut out) { } }
        """, """
          @Source int in();
          @From("in") Agg agg();
          @Sink @From("agg") int out();
        """), Message.AGGREGATE_OUTSIDE_REGION, "@From(\"in\") Agg agg()", "channel 'out' of Agg in stage 'agg'",
        "wire it downstream of a @Region node");
  }

  @Test
  void aggregatePastTheOutermostRegion() {
    rejects(pipeline("""
        @Node final class Agg { void run(int x, @Parent Line l, IntOut out) { }
                                @SignalHandler(Signal.END) void end(Line l, @Aggregate IntOut total) { } }
        @Node final class Again { void run(int x,
                                           @Aggregate IntOut out) { } }
        """, """
          @Source Line lines();
          @From("lines") Chars chars();
          @From("chars") Agg agg();
          @From("agg.total") Again again();
          @Sink @From("again") int out();
          @Sink @From("agg.out") int rest();
        """), Message.AGGREGATE_OUTSIDE_REGION, "@From(\"agg.total\") Again again()", "of Again in stage 'again'");
  }

  @Test
  void beginHandlerOutsideAnyRegion() {
    rejects(pipeline("""
        @Node final class H { void run(int x, IntOut out) { }
          @SignalHandler(Signal.BEGIN) void begin(Line l) { } }
        """, """
          @Source int in();
          @From("in") H h();
          @Sink @From("h") int out();
        """), Message.HANDLER_OUTSIDE_REGION, "@From(\"in\") H h()",
        "@SignalHandler(BEGIN) begin(...) of H in stage 'h' can never be called", "or use a node without that handler");
  }

  @Test
  void parentOutsideAnyRegion() {
    rejects(pipeline("""
        @Node final class H { void run(int x,
                                       @Parent Line l, IntOut out) { } }
        """, """
          @Source int in();
          @From("in") H h();
          @Sink @From("h") int out();
        """), Message.PARENT_OUTSIDE_REGION, "@From(\"in\") H h()", "'l' of H in stage 'h' has no parent");
  }

  @Test
  void parentOfTheWrongType() {
    rejects(pipeline("""
        @Node final class H { void run(int x,
                                       @Parent Doc d, IntOut out) { } }
        """, """
          @Source Line lines();
          @From("lines") Chars chars();
          @From("chars") H h();
          @Sink @From("h") int out();
        """), Message.PARENT_MISMATCH, "@Parent Doc d", "t.Doc", "parent type t.Line of its region 1 (enumerator 'chars')");
  }

  @Test
  void endHandlerOfTheWrongType() {
    rejects(pipeline("""
        @Node final class H { void run(int x, IntOut out) { }
          @SignalHandler(Signal.END) void end(Doc d) { } }
        """, """
          @Source Line lines();
          @From("lines") Chars chars();
          @From("chars") H h();
          @Sink @From("h") int out();
        """), Message.HANDLER_PARENT_MISMATCH, "void end(Doc d)", "END handler end(...) of stage 'h' takes t.Doc");
  }

  /**
   * A BEGIN and an END handler that take two parent types, neither named more often: the node alone
   * cannot say which is wrong, its region can, so the one that does not match it is the one error
   * (outside-in helper-114: two SLU222s, the first on the handler that was right). A node that no
   * pipeline reads still gets both (NodeShapeRejectionTest.parentTypesDisagree).
   */
  @Test
  void handlersOfTwoParentTypesAreJudgedByTheRegion() {
    Compilation c = compile(pipeline("""
        @Node final class H { void run(int x, IntOut out) { }
          @SignalHandler(Signal.BEGIN) void begin(Line l) { }
          @SignalHandler(Signal.END) void end(int l) { } }
        """, """
          @Source Line lines();
          @From("lines") Chars chars();
          @From("chars") H h();
          @Sink @From("h") int out();
        """));
    assertThat(sluiceErrors(c)).hasSize(1);
    assertThat(sluiceErrors(c).get(0)).contains(
        "[SLU506] END handler end(...) of stage 'h' takes int, but its region 1 (enumerator 'chars') has parent type t.Line");
  }

  @Test
  void fanInInsideARegion() {
    rejects(pipeline("", """
          @Source Line lines();
          @From("lines") Chars chars();
          @From("chars") Inc a();
          @From("chars") Inc b();
          @From({"a", "b"}) Inc join();
          @Sink @From("join") int out();
        """), Message.FAN_IN_IN_REGION, "@From({\"a\", \"b\"})", "stage 'join' joins several inputs inside region 1");
  }

  @Test
  void fanInWhereAUserSignalArrives() {
    rejects(pipeline("""
        @Node final class Raiser { void run(int x, IntOut out, Raise<Flush> flush) { } }
        """, """
          @Source int in();
          @From("in") Raiser raiser();
          @From("raiser") Inc a();
          @From("raiser") Inc b();
          @From({"a", "b"}) Inc join();
          @Sink @From("join") int out();
        """), Message.FAN_IN_WITH_SIGNAL, "@From({\"a\", \"b\"})", "user signal t.Flush can arrive",
        "handle the signal in a stage before the join, or read one input here");
  }

  /** Two channels of one node are fan-in too: no region signal may reach the join (its signal queue stays empty). */
  @Test
  void fanInOfTwoChannelsOfOneNodeInsideARegion() {
    rejects(pipeline("""
        @Node final class Two { void run(int x, IntOut a, IntOut b) { } }
        """, """
          @Source Line lines();
          @From("lines") Chars chars();
          @From("chars") Two two();
          @From({"two.a", "two.b"}) Inc join();
          @Sink @From("join") int out();
        """), Message.FAN_IN_IN_REGION, "@From({\"two.a\", \"two.b\"})", "stage 'join' joins several inputs inside region 1");
  }

  /** Nor a user signal, raised by the node whose two channels are joined. */
  @Test
  void fanInOfTwoChannelsOfARaiser() {
    rejects(pipeline("""
        @Node final class Two { void run(int x, IntOut a, IntOut b, Raise<Flush> flush) { } }
        """, """
          @Source int in();
          @From("in") Two two();
          @From({"two.a", "two.b"}) Inc join();
          @Sink @From("join") int out();
        """), Message.FAN_IN_WITH_SIGNAL, "@From({\"two.a\", \"two.b\"})", "user signal t.Flush can arrive");
  }

  /** Nodes for a user signal that enters region 1 (the lines' characters) through its enumerator. */
  private static final String INTO_REGION = """
      @Node final class Mark { void run(Line l, Out<Line> out, Raise<Flush> flush) { } }
      @Node final class Into { void run(int i, IntOut out) { }
                               @SignalHandler void on(Flush f, IntOut out) { } }
      @Node final class Leave { void run(int i, IntOut out, @Aggregate IntOut up, IntOut log) { }
                              @SignalHandler void on(Flush f, @Aggregate IntOut up, IntOut log) { } }
      """;

  /** An enumerator passes a signal on after its parent's END, so a handler there has no parent to push into. */
  @Test
  void handlerPushingIntoTheRegionASignalEnteredBetweenParents() {
    rejects(pipeline(INTO_REGION, """
          @Source Line lines();
          @From("lines") Mark mark();
          @From("mark") Chars chars();
          @From("chars") Into into();
          @From("into") Inc inc();
          @Sink @From("inc") int out();
        """), Message.SIGNAL_BETWEEN_PARENTS, "void on(Flush f, IntOut out)",
        "@SignalHandler on of stage 'into' pushes on channel 'out' into region 1",
        "user signal t.Flush raised by 'mark' enters that region through its enumerator 'chars'");
  }

  /**
   * An @Aggregate channel of a nested region leads into the region around it, which the signal
   * entered too: refused, and the message no longer asks for the @Aggregate channel it has
   * (outside-in helper-49).
   */
  @Test
  void anAggregateOfANestedRegionLandsInTheOuterRegion() {
    JavaFileObject f = pipeline("""
        record Mid(int x, int i) {}
        @Node final class Mk { void run(int x, IntOut out, Raise<Flush> f) { out.push(x); } }
        @Node @Region final class E1 { int count(int x) { return x % 3; } }
        @Node final class R1 { void run(int i, @Parent int x, Out<Mid> out) { out.push(new Mid(x, i)); } }
        @Node @Region final class E2 { int count(Mid m) { return m.i() + 1; } }
        @Node final class R2 { void run(int k) { }
                               @SignalHandler void on(Flush f, @Aggregate IntOut agg) { } }  // handler
        @Node final class C1 { void run(int v) { } }
        """, """
          @Source int xs();
          @From("xs") Mk mk();
          @From("mk") E1 e1();
          @From("e1") R1 r1();
          @From("r1") E2 e2();
          @From("e2") R2 r2();
          @From("r2") C1 c1();
        """);
    Compilation c = compile(f);
    assertError(c, Message.SIGNAL_BETWEEN_PARENTS, f, "// handler", "pushes on channel 'agg' into region 1",
        "on an @Aggregate channel whose items land outside every region the signal entered");
    assertThat(sluiceErrors(c)).hasSize(1);
  }

  /** The same signal may be handled there by pushing out of the region, or to a sink. */
  @Test
  void handlerOfASignalBetweenParentsMayPushOutOfTheRegionOrToSinks() {
    Compilation c = compile(pipeline(INTO_REGION, """
          @Source Line lines();
          @From("lines") Mark mark();
          @From("mark") Chars chars();
          @From("chars") Leave leave();
          @From("leave.up") Inc after();
          @Sink @From("after") int ups();
          @Sink @From("leave.out") int outs();
          @Sink @From("leave.log") int logs();
        """));
    assertThat(c).succeededWithoutWarnings();
  }

  /** Raised inside a region, the signal travels within its raiser's parent: pushes stay in the region. */
  @Test
  void aSignalRaisedInsideTheRegionIsWithinAParent() {
    Compilation c = compile(pipeline("""
        @Node final class Mark { void run(int i, IntOut out, Raise<Flush> flush) { } }
        @Node final class Into { void run(int i, IntOut out) { }
                                 @SignalHandler void on(Flush f, IntOut out) { } }
        """, """
          @Source Line lines();
          @From("lines") Chars chars();
          @From("chars") Mark mark();
          @From("mark") Into into();
          @From("into") Inc inc();
          @Sink @From("inc") int out();
        """));
    assertThat(c).succeededWithoutWarnings();
  }

  /**
   * Raised in region 1 and passed through a nested enumerator, the signal is between parents of
   * region 2 only: an @Aggregate push lands in region 1, inside the raiser's parent; a plain one is refused.
   */
  @Test
  void throughANestedEnumeratorOnlyTheInnerRegionIsBetweenParents() {
    String nodes = """
        @Node final class Mark { void run(int i, IntOut out, Raise<Flush> flush) { } }
        @Node @Region final class Twice { int count(int i) { return 2; } }
        @Node final class Deep { void run(int k, IntOut out, @Aggregate IntOut up) { }
                                 @SignalHandler void on(Flush f, @Aggregate IntOut up) { } }
        @Node final class Plain { void run(int k, IntOut out) { }
                                  @SignalHandler void on(Flush f, IntOut out) { } }
        """;
    Compilation c = compile(pipeline(nodes, """
          @Source Line lines();
          @From("lines") Chars chars();
          @From("chars") Mark mark();
          @From("mark") Twice twice();
          @From("twice") Deep deep();
          @From("deep.up") Inc inc();
          @Sink @From("inc") int ups();
          @Sink @From("deep.out") int outs();
        """));
    assertThat(c).succeededWithoutWarnings();
    rejects(pipeline(nodes, """
          @Source Line lines();
          @From("lines") Chars chars();
          @From("chars") Mark mark();
          @From("mark") Twice twice();
          @From("twice") Plain plain();
          @From("plain") Inc inc();
          @Sink @From("inc") int out();
        """), Message.SIGNAL_BETWEEN_PARENTS, "void on(Flush f, IntOut out)",
        "pushes on channel 'out' into region 2", "through its enumerator 'twice'");
  }

  @Test
  void signalQueueTooSmall() {
    rejects(java("P", """
        @Pipeline(signalQueue = 3) interface P {
          @Source int in();
          @Sink @From("in") int out();
        }
        """), Message.SIGNAL_QUEUE_TOO_SMALL, "signalQueue = 3", "MAX_SIGNALS_PER_VEC + MAX_SIGNALS_PER_SIG = 3");
  }

  @Test
  void userSignalReachingASinkUnhandledIsAWarning() {
    JavaFileObject f = pipeline("""
        @Node final class Raiser { void run(int x, IntOut out, Raise<Flush> flush) { } }
        """, """
          @Source int in();
          @From("in") Raiser raiser();
          @From("raiser") Inc inc();
          @Sink @From("inc") int out();
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    assertThat(c)
        .hadWarningContaining("[" + Message.USER_SIGNAL_UNHANDLED.code() + "] user signal t.Flush can reach sink 'out'")
        .inFile(f)
        .onLine(lineOf(f, "int out()"));
  }

  /**
   * One warning per sink, naming every tag that no node on its way handles; a tag handled on another
   * path gets none (outside-in helper-84 had one per tag and sink, 30 for 12 tags beside event sinks).
   */
  @Test
  void oneWarningPerSinkNamesEveryTagHandledNowhere() {
    JavaFileObject f = pipeline("""
        @SignalTag record Tick(int at) {}
        @SignalTag record Stop() {}
        @Node final class Raiser {
          void run(int x, IntOut out, Raise<Flush> flush, Raise<Tick> tick, Raise<Stop> stop) { }
        }
        @Node final class Catch { void run(int x, IntOut out) { } @SignalHandler void on(Flush f) { } }
        """, """
          @Source int in();
          @From("in") Raiser raiser();
          @Sink @From("raiser") int early();
          @From("raiser") Catch c();
          @Sink @From("c") int late();
        """);
    Compilation c = compile(f);
    assertThat(c).succeeded();
    String code = "[" + Message.USER_SIGNAL_UNHANDLED.code() + "] ";
    assertThat(c).hadWarningContaining(code + "user signals t.Tick, t.Stop can reach sink 'early'").inFile(f)
        .onLine(lineOf(f, "int early()"));
    assertThat(c).hadWarningContaining(code + "user signals t.Tick, t.Stop can reach sink 'late'").inFile(f)
        .onLine(lineOf(f, "int late()"));
    assertThat(c.warnings().stream().filter(w -> w.getMessage(null).startsWith(code)).count()).isEqualTo(2);
    assertThat(c.warnings().stream().noneMatch(w -> w.getMessage(null).contains("Flush"))).isTrue();
  }

  @Test
  void handledUserSignalGivesNoWarning() {
    Compilation c = compile(pipeline("""
        @Node final class Raiser { void run(int x, IntOut out, Raise<Flush> flush) { } }
        @Node final class Catch { void run(int x, IntOut out) { } @SignalHandler void on(Flush f) { } }
        """, """
          @Source int in();
          @From("in") Raiser raiser();
          @From("raiser") Catch c();
          @Sink @From("c") int out();
        """));
    assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void nodeErrorsStopThePipelineWithoutMoreErrors() {
    JavaFileObject f = pipeline("""
        @Node class Loose { void run(int x, IntOut out) { } }
        """, """
          @Source int in();
          @From("in") Loose loose();
          @From("nowhere") Inc lost();
          @Sink @From("loose") int out();
        """);
    Compilation c = compile(f);
    assertThat(c).hadErrorContaining("[" + Message.NODE_NOT_FINAL.code() + "]").inFile(f).onLine(lineOf(f, "class Loose"));
    assertThat(sluiceErrors(c)).hasSize(1);
  }

  @Test
  void internalErrorsBecomeDiagnostics() {
    JavaFileObject f = java("P", """
        @Pipeline interface P {
          @Source int in();
          @Sink @From("in") int out();
        }
        """);
    Compilation c = com.google.testing.compile.Compiler.javac()
        .withProcessors(new SluiceProcessor(schedule -> { throw new IllegalStateException("boom"); }))
        .compile(f);
    assertThat(c).hadErrorContaining("[SLU999] internal error in the Sluice processor while processing t.P")
        .inFile(f).onLine(lineOf(f, "interface P"));
    assertThat(c).hadErrorContaining("boom");
    assertThat(List.of(Message.values())).contains(Message.INTERNAL_ERROR);
  }
}
