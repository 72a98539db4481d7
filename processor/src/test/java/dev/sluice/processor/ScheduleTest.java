package dev.sluice.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.sluice.processor.Sources.java;
import static dev.sluice.processor.Sources.schedule;

import dev.sluice.processor.compute.DispatchEntry;
import dev.sluice.processor.compute.DispatchTable;
import dev.sluice.processor.compute.EdgePlan;
import dev.sluice.processor.compute.Origination;
import dev.sluice.processor.compute.RegionPlan;
import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.compute.SignalKey;
import dev.sluice.processor.compute.StagePlan;
import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.NodeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.RunParam;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.model.UserTag;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Accepted shapes: the model read and the numbers computed for the writer. */
class ScheduleTest {

  /** docs → enumerate lines → line → enumerate chars → classify → aggregate per line → per doc. */
  @Test
  void nestedRegions() {
    Schedule s = schedule(java("Text", """
        record Doc(int start, int end) {}
        record Line(int start, int end) {}
        record LineStat(int line, int digits) {}
        record DocStat(int lines, long digits) {}
        @Node @Region(parentBuffer = 8) final class Lines { int count(Doc d) { return d.end() - d.start(); } }
        @Node final class MakeLine {
          void run(int i, @Parent Doc d, Out<Line> out) { out.push(new Line(d.start() + i, d.start() + i + 1)); }
        }
        @Node @Region(parentBuffer = 16, maxElements = 1000) final class Chars {
          int count(Line l) { return l.end() - l.start(); }
        }
        @Node final class Classify { void run(int i, @Parent Line l, @Max(2) IntOut digits) { digits.push(i); } }
        @Node final class PerLine {
          @State int n;
          @Reduce(ReduceOp.SUM) long seen;
          @SignalHandler(Signal.BEGIN) void begin(Line l) { n = 0; }
          void run(int digit) { seen++; }
          @SignalHandler(Signal.END) void end(Line l, @Aggregate Out<LineStat> stats) { stats.push(new LineStat(l.start(), n)); }
        }
        @Node final class PerDoc {
          @State int lines;
          void run(LineStat s) { }
          @SignalHandler(Signal.END) void end(Doc d, @Aggregate Out<DocStat> out) { out.push(new DocStat(lines, 0)); }
        }
        @Pipeline(width = 32, queueScale = 2, signalQueue = 8)
        interface Text {
          @From("docs") Lines lines();
          @Source Doc docs();
          @From("lines") MakeLine makeLine();
          @From("makeLine") Chars chars();
          @From("chars") Classify classify();
          @From("classify") PerLine perLine();
          @From("perLine") PerDoc perDoc();
          @Sink @From("perDoc") DocStat stats();
        }
        """));
    PipelineModel m = s.pipeline();
    assertThat(m.generatedName()).isEqualTo("TextPipeline");
    assertThat(m.packageName()).isEqualTo("t");
    assertThat(names(m)).containsExactly("docs", "lines", "makeLine", "chars", "classify", "perLine", "perDoc", "stats")
        .inOrder();
    assertThat(edges(m)).containsExactly(
        "0 docs.docs->lines", "1 lines.elements->makeLine", "2 makeLine.out->chars", "3 chars.elements->classify",
        "4 classify.digits->perLine", "5 perLine.stats->perDoc aggregate", "6 perDoc.out->stats aggregate").inOrder();

    // the model the writer reads
    NodeModel lines = m.stage("lines").node();
    assertThat(lines.kind()).isEqualTo(NodeModel.Kind.ENUMERATE);
    assertThat(lines.method().getSimpleName().toString()).isEqualTo("count");
    assertThat(lines.input().javaName()).isEqualTo("t.Doc");
    assertThat(lines.channels().get(0).max()).isEqualTo(32);
    assertThat(lines.hasNoArgConstructor()).isTrue();
    NodeModel makeLine = m.stage("makeLine").node();
    assertThat(makeLine.runParams().stream().map(RunParam::kind).toList())
        .containsExactly(RunParam.Kind.ITEM, RunParam.Kind.PARENT, RunParam.Kind.CHANNEL).inOrder();
    assertThat(makeLine.parentType().javaName()).isEqualTo("t.Doc");
    assertThat(m.stage("docs").itemType().components().stream().map(ItemType.Component::name).toList())
        .containsExactly("start", "end").inOrder();
    NodeModel perLine = m.stage("perLine").node();
    assertThat(perLine.channel("stats").orElseThrow().pushedFromRun()).isFalse();
    assertThat(perLine.channel("stats").orElseThrow().pushingHandlers()).hasSize(1);
    assertThat(perLine.fields().stream().map(f -> f.kind() + " " + f.typeName() + " " + f.name()).toList())
        .containsExactly("STATE int n", "REDUCE long seen").inOrder();

    // regions
    assertThat(s.regions()).hasSize(3);
    RegionPlan r1 = s.region(1);
    assertThat(r1.head()).isEqualTo("lines");
    assertThat(r1.parentType().javaName()).isEqualTo("t.Doc");
    assertThat(r1.parentBuffer()).isEqualTo(8);
    assertThat(r1.maxElements()).isEqualTo(Integer.MAX_VALUE);
    assertThat(r1.members()).containsExactly("makeLine", "chars", "classify", "perLine", "perDoc").inOrder();
    assertThat(r1.terminals()).containsExactly("perDoc");
    assertThat(r1.terminalCount()).isEqualTo(1);
    RegionPlan r2 = s.region(2);
    assertThat(r2.head()).isEqualTo("chars");
    assertThat(r2.parentType().javaName()).isEqualTo("t.Line");
    assertThat(r2.parentBuffer()).isEqualTo(16);
    assertThat(r2.maxElements()).isEqualTo(1000);
    assertThat(r2.members()).containsExactly("classify", "perLine").inOrder();
    assertThat(r2.terminals()).containsExactly("perLine");
    assertThat(s.region(0).head()).isEqualTo("docs");
    assertThat(s.region(0).members()).containsExactly("lines", "makeLine", "chars", "classify", "perLine", "perDoc");

    // per stage
    assertThat(column(s, StagePlan::label)).isEqualTo(Map.of(
        "docs", -1, "lines", 0, "makeLine", 1, "chars", 1, "classify", 2, "perLine", 2, "perDoc", 1, "stats", 0));
    assertThat(column(s, StagePlan::rank)).isEqualTo(Map.of(
        "docs", 7, "lines", 6, "makeLine", 5, "chars", 4, "classify", 3, "perLine", 2, "perDoc", 1, "stats", 0));
    assertThat(column(s, StagePlan::inputsPerRun)).isEqualTo(Map.of(
        "docs", 32, "lines", 1, "makeLine", 32, "chars", 1, "classify", 32, "perLine", 32, "perDoc", 32, "stats", 0));
    // max(maxPerRun * 2, maxPerRun + inputsPerRun)
    assertThat(column(s, StagePlan::queueCapacity)).isEqualTo(Map.of(
        "docs", 0, "lines", 64, "makeLine", 64, "chars", 64, "classify", 64, "perLine", 128, "perDoc", 33, "stats", 0));
    assertThat(s.stage("classify").regionStack()).containsExactly(1, 2).inOrder();
    assertThat(s.stage("perLine").signalQueueCapacity()).isEqualTo(8);

    // per edge: maxPerRun, capacity, regions whose signals travel
    assertThat(s.edges().stream().map(ScheduleTest::edge).toList()).containsExactly(
        "0 32/64 []", "1 32/64 [1]", "2 32/64 [1]", "3 32/64 [1, 2]", "4 64/128 [1, 2]", "5 1/33 [1]", "6 1/0 []")
        .inOrder();

    // dispatch
    assertThat(dispatch(s, "classify")).containsExactly(
        "BEGIN(1) - [4]", "END(1) - [4]", "BEGIN(2) - [4]", "END(2) - [4]").inOrder();
    assertThat(dispatch(s, "perLine")).containsExactly(
        "BEGIN(1) - [5]", "END(1) - [5]", "BEGIN(2) begin []", "END(2) end [] releases").inOrder();
    assertThat(dispatch(s, "perDoc")).containsExactly("BEGIN(1) - []", "END(1) end [] releases").inOrder();
    assertThat(dispatch(s, "makeLine")).containsExactly("BEGIN(1) - [2]", "END(1) - [2]").inOrder();
    assertThat(dispatch(s, "lines")).isEmpty();
    assertThat(originates(s, "lines")).containsExactly("BEGIN(1) [1]", "END(1) [1]").inOrder();
    assertThat(originates(s, "chars")).containsExactly("BEGIN(2) [3]", "END(2) [3]").inOrder();
    assertThat(dispatch(s, "chars")).containsExactly("BEGIN(1) - [3]", "END(1) - [3]").inOrder();
    assertThat(s.stage("stats").dispatch()).isEqualTo(DispatchTable.EMPTY);
  }

  @Test
  void fanOutWithTwoChannelsAndBroadcast() {
    Schedule s = schedule(java("Fan", """
        record Pt(float x, float y) {}
        @Node final class Split { void run(Pt p, @Max(2) FloatOut xs, Out<Pt> keep) { xs.push(p.x()); keep.push(p); } }
        @Node final class Scale { void run(float x, FloatOut out) { out.push(2 * x); } }
        @Node final class Norm { void run(float x, DoubleOut out) { out.push(Math.abs(x)); } }
        @Pipeline interface Fan {
          @Source Pt points();
          @From("points") Split split();
          @From("split.xs") Scale scale();
          @From("split.xs") Norm norm();
          @Sink @From("split.keep") Pt kept();
          @Sink @From("scale") float scaled();
          @Sink @From("norm") double norms();
        }
        """));
    PipelineModel m = s.pipeline();
    assertThat(edges(m)).containsExactly(
        "0 points.points->split", "1 split.xs->scale", "2 split.xs->norm", "3 split.keep->kept",
        "4 scale.out->scaled", "5 norm.out->norms").inOrder();
    assertThat(s.edges().stream().map(ScheduleTest::edge).toList()).containsExactly(
        "0 64/256 []", "1 128/512 []", "2 128/512 []", "3 64/0 []", "4 64/0 []", "5 64/0 []").inOrder();
    assertThat(column(s, StagePlan::rank)).isEqualTo(Map.of(
        "points", 3, "split", 2, "scale", 1, "norm", 1, "kept", 0, "scaled", 0, "norms", 0));
    assertThat(column(s, StagePlan::label)).isEqualTo(Map.of(
        "points", -1, "split", 0, "scale", 0, "norm", 0, "kept", 0, "scaled", 0, "norms", 0));
    assertThat(s.regions()).hasSize(1);
    assertThat(s.region(0).members()).containsExactly("split", "scale", "norm").inOrder();
    assertThat(s.region(0).terminals()).containsExactly("scale", "norm").inOrder();
    assertThat(dispatch(s, "split")).isEmpty();
    assertThat(m.userTags()).isEmpty();
  }

  @Test
  void fanInOutsideRegions() {
    Schedule s = schedule(java("Join", """
        @Node final class Evens { void run(int x, @Max(3) IntOut out) { } }
        @Node final class Odds { void run(int x, IntOut out) { } }
        @Node final class Merge { void run(int x, LongOut out) { } }
        @Pipeline(width = 16) interface Join {
          @Source int in();
          @From("in") Evens evens();
          @From("in") Odds odds();
          @From({"evens", "odds"}) Merge merge();
          @Sink @From("merge") long out();
        }
        """));
    assertThat(edges(s.pipeline())).containsExactly(
        "0 in.in->evens", "1 in.in->odds", "2 evens.out->merge", "3 odds.out->merge", "4 merge.out->out").inOrder();
    // merge's one queue is sized and tested for the larger producer run: 48 (evens) over 16 (odds),
    // so it is FULL below 48 whichever of them ran last, and holds max(48 * 4, 48 + 16) = 192
    assertThat(s.edges().stream().map(ScheduleTest::edge).toList()).containsExactly(
        "0 16/64 []", "1 16/64 []", "2 48/192 []", "3 16/192 []", "4 16/0 []").inOrder();
    assertThat(s.stage("merge").queueMaxPerRun()).isEqualTo(48);
    assertThat(s.stage("merge").queueCapacity()).isEqualTo(192);
    assertThat(column(s, StagePlan::queueMaxPerRun)).isEqualTo(Map.of("in", 0, "evens", 16, "odds", 16, "merge", 48,
        "out", 0));
    assertThat(column(s, StagePlan::rank)).isEqualTo(Map.of("in", 3, "evens", 2, "odds", 2, "merge", 1, "out", 0));
  }

  /**
   * Two channels of one node into one join, one of them also pushed by a handler, beside a third
   * producer: the join's queue must take everything one run of {@code split} puts into it.
   */
  @Test
  void fanInOfTwoChannelsOfOneNode() {
    Schedule s = schedule(java("Pair", """
        @SignalTag record Mark(int id) {}
        @Node final class Raiser { void run(int x, IntOut out, Raise<Mark> mark) { out.push(x); } }
        @Node final class Split {
          void run(int x, @Max(2) IntOut a, @Max(3) IntOut b) { a.push(x); b.push(x); }
          @SignalHandler void mark(Mark m, @Max(3) IntOut b) { b.push(m.id()); }
        }
        @Node final class One { void run(int x, IntOut out) { out.push(x); } }
        @Node final class Merge { void run(int x, LongOut out) { } }
        @Pipeline(width = 16, queueScale = 1) interface Pair {
          @Source int in();
          @From("in") Raiser raiser();
          @From("raiser") Split split();
          @From("in") One one();
          @From({"split.a", "split.b", "one"}) Merge merge();
          @Sink @From("merge") long out();
        }
        """));
    assertThat(edges(s.pipeline())).containsExactly(
        "0 in.in->raiser", "1 raiser.out->split", "2 in.in->one", "3 split.a->merge", "4 split.b->merge",
        "5 one.out->merge", "6 merge.out->out").inOrder();
    // a: 16 * 2 from run; b: 16 * 3 from run + 3 from the handler; one: 16
    assertThat(s.edge(3).maxPerRun()).isEqualTo(32);
    assertThat(s.edge(4).maxPerRun()).isEqualTo(51);
    assertThat(s.edge(5).maxPerRun()).isEqualTo(16);
    // one run of split puts 32 + 51 = 83 into merge's queue, more than one of one (16): merge is FULL
    // below 83 and holds max(83 * 1, 83 + 16) = 99
    assertThat(s.stage("merge").queueMaxPerRun()).isEqualTo(83);
    assertThat(s.stage("merge").queueCapacity()).isEqualTo(99);
    assertThat(s.edge(3).capacity()).isEqualTo(99);
    assertThat(s.edge(4).capacity()).isEqualTo(99);
  }

  @Test
  void twoDisjointRegionsInSequence() {
    Schedule s = schedule(java("Seq", """
        record Line(int start, int end) {}
        record Span(int from, int to) {}
        @Node @Region(parentBuffer = 4) final class Chars { int count(Line l) { return l.end() - l.start(); } }
        @Node final class Spans {
          @State int first;
          void run(int i) { }
          @SignalHandler(Signal.END) void end(Line l, @Aggregate Out<Span> out) { out.push(new Span(l.start(), first)); }
        }
        @Node @Region(parentBuffer = 2) final class Steps { int count(Span s) { return s.to() - s.from(); } }
        @Node final class Total {
          @SignalHandler(Signal.BEGIN) void begin(Span s) { }
          void run(int i, @Parent Span s) { }
          @SignalHandler(Signal.END) void end(Span s, @Aggregate @Max(2) LongOut out) { out.push(1); out.push(2); }
        }
        @Pipeline(width = 8) interface Seq {
          @Source Line lines();
          @From("lines") Chars chars();
          @From("chars") Spans spans();
          @From("spans") Steps steps();
          @From("steps") Total total();
          @Sink @From("total") long out();
        }
        """));
    assertThat(s.regions()).hasSize(3);
    assertThat(s.region(1).head()).isEqualTo("chars");
    assertThat(s.region(1).members()).containsExactly("spans");
    assertThat(s.region(1).terminals()).containsExactly("spans");
    assertThat(s.region(2).head()).isEqualTo("steps");
    assertThat(s.region(2).parentType().javaName()).isEqualTo("t.Span");
    assertThat(s.region(2).members()).containsExactly("total");
    assertThat(s.region(2).terminals()).containsExactly("total");
    assertThat(column(s, StagePlan::label)).isEqualTo(Map.of(
        "lines", -1, "chars", 0, "spans", 1, "steps", 0, "total", 2, "out", 0));
    assertThat(dispatch(s, "spans")).containsExactly("BEGIN(1) - []", "END(1) end [] releases").inOrder();
    assertThat(dispatch(s, "total")).containsExactly("BEGIN(2) begin []", "END(2) end [] releases").inOrder();
    assertThat(dispatch(s, "steps")).isEmpty();
    // spans.out is pushed only by END: 1 per run; total.out by END with @Max(2): 2 per run
    assertThat(s.edges().stream().map(ScheduleTest::edge).toList()).containsExactly(
        "0 8/32 []", "1 8/32 [1]", "2 1/4 []", "3 8/32 [2]", "4 2/0 []").inOrder();
  }

  @Test
  void userSignalsAreForwardedUntilHandled() {
    Schedule s = schedule(java("Sig", """
        @SignalTag record Flush(int id) {}
        @SignalTag record Mark(long at) {}
        @Node final class Raiser { void run(int x, IntOut out, Raise<Flush> flush, Raise<Mark> mark) { } }
        @Node final class Pass { void run(int x, IntOut out) { } @SignalHandler void mark(Mark m) { } }
        @Node final class Handle {
          void run(int x, IntOut out) { }
          @SignalHandler void flush(Flush f, IntOut out) { out.push(f.id()); }
        }
        @Node final class Last { void run(int x, IntOut out) { } }
        @Pipeline interface Sig {
          @Source int in();
          @From("in") Raiser raiser();
          @From("raiser") Pass pass();
          @From("pass") Handle handle();
          @From("handle") Last last();
          @Sink @From("last") int out();
        }
        """));
    PipelineModel m = s.pipeline();
    assertThat(m.userTags().stream().map(t -> t.index() + " " + t.type().simpleName()).toList())
        .containsExactly("2 Flush", "3 Mark").inOrder();
    // edges: 0 in->raiser, 1 raiser->pass, 2 pass->handle, 3 handle->last, 4 last->out
    assertThat(s.edges().stream().map(e -> e.index() + " " + e.userTags()).toList())
        .containsExactly("0 []", "1 [2, 3]", "2 [2]", "3 []", "4 []").inOrder();
    assertThat(originates(s, "raiser")).containsExactly("USER(Flush) [1]", "USER(Mark) [1]").inOrder();
    assertThat(dispatch(s, "pass")).containsExactly("USER(Flush) - [2]", "USER(Mark) mark []").inOrder();
    assertThat(dispatch(s, "handle")).containsExactly("USER(Flush) flush []");
    assertThat(dispatch(s, "last")).isEmpty();
    SignalKey flush = s.stage("handle").dispatch().entries().get(0).signal();
    assertThat(flush.code()).isEqualTo(2);
    assertThat(flush.tag()).isEqualTo(new UserTag(2, m.userTags().get(0).type()));
    // handle.out is pushed by run (64 x 1) and by the handler (1): 65 per run
    assertThat(s.edge(3).maxPerRun()).isEqualTo(65);
    assertThat(s.edge(3).capacity()).isEqualTo(260);
  }

  @Test
  void pipelineNamedPipelineGetsImpl() {
    Schedule s = schedule(java("WordPipeline", """
        @Pipeline interface WordPipeline {
          @Source int in();
          @Sink @From("in") int out();
        }
        """));
    assertThat(s.pipeline().generatedName()).isEqualTo("WordPipelineImpl");
    assertThat(s.edge(0).capacity()).isEqualTo(0);
    assertThat(column(s, StagePlan::rank)).isEqualTo(Map.of("in", 1, "out", 0));
  }

  private static List<String> names(PipelineModel m) {
    return m.stages().stream().map(StageModel::name).toList();
  }

  private static List<String> edges(PipelineModel m) {
    return m.edges().stream()
        .map((EdgeModel e) -> e.index() + " " + e.from() + "." + e.channel() + "->" + e.to() + (e.aggregate() ? " aggregate" : ""))
        .toList();
  }

  private static String edge(EdgePlan e) {
    return e.index() + " " + e.maxPerRun() + "/" + e.capacity() + " " + e.regions();
  }

  private static Map<String, Integer> column(Schedule s, Function<StagePlan, Integer> f) {
    return s.stages().stream().collect(Collectors.toMap(StagePlan::name, f));
  }

  private static List<String> dispatch(Schedule s, String stage) {
    return s.stage(stage).dispatch().entries().stream()
        .map((DispatchEntry d) -> d.signal() + " " + (d.handler() == null ? "-" : d.handler().name()) + " "
            + d.forwardEdges() + (d.releasesParent() ? " releases" : ""))
        .toList();
  }

  private static List<String> originates(Schedule s, String stage) {
    return s.stage(stage).dispatch().originates().stream()
        .map((Origination o) -> o.signal() + " " + o.edges())
        .toList();
  }
}
