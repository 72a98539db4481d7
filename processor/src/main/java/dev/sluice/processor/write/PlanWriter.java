package dev.sluice.processor.write;

import com.squareup.javapoet.CodeBlock;
import dev.sluice.processor.compute.DispatchEntry;
import dev.sluice.processor.compute.EdgePlan;
import dev.sluice.processor.compute.Origination;
import dev.sluice.processor.compute.RegionPlan;
import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.compute.SignalKey;
import dev.sluice.processor.compute.StagePlan;
import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.model.UserTag;
import java.util.List;

/**
 * Writes the initializer of a pipeline's {@code PLAN}: the computed schedule as one readable builder
 * chain, so a reader can check region numbers, capacities and dispatch tables in the generated source.
 */
final class PlanWriter {
  private final PipelineModel model;
  private final Schedule schedule;
  private final Names names;

  PlanWriter(PipelineModel model, Schedule schedule, Names names) {
    this.model = model;
    this.schedule = schedule;
    this.names = names;
  }

  CodeBlock initializer() {
    CodeBlock.Builder b = CodeBlock.builder();
    b.add("$T.builder($S, /* width */ $L, /* signal queue */ $L)\n", Names.PLAN, model.simpleName(),
        model.settings().width(), model.settings().signalQueue());
    b.indent().indent();
    b.add("// stages: name, region number, rank (longest chain to a sink), input queue capacity, most items one\n");
    b.add("// producer run puts into that queue (FULL below it)\n");
    for (StageModel s : names.stagesInPlanOrder()) {
      StagePlan p = schedule.stage(s.name());
      if (s.isSource()) {
        b.add(".source($S, $L)\n", s.name(), p.rank());
      } else if (s.isEnumerator()) {
        b.add(".enumerate($S, $L, $L, $L, $L, /* heads region */ $L)\n", s.name(), p.label(), p.rank(),
            p.queueCapacity(), p.queueMaxPerRun(), headedRegion(s.name()));
      } else {
        b.add(".transform($S, $L, $L, $L, $L)\n", s.name(), p.label(), p.rank(), p.queueCapacity(),
            p.queueMaxPerRun());
      }
    }
    for (StageModel s : model.sinks()) {
      b.add(".sink($S)\n", s.name());
    }
    b.add("// edges: from, channel, to, most items the producer pushes on it in one run\n");
    for (EdgeModel e : model.edges()) {
      EdgePlan p = schedule.edge(e.index());
      b.add(".edge($S, $S, $S, $L)\n", e.from(), e.channel(), e.to(), p.maxPerRun());
    }
    PlanBuilder.channels(model, (stage, c) -> b.add(".channel($S, $S, $L, $L)\n", stage, c.name(), c.max(), c.aggregate()),
        () -> b.add("// channels: node, channel, @Max, @Aggregate (for pictures and reports; the numbers above come from them)\n"));
    if (schedule.regions().size() > 1) {
      b.add("// regions: number, head, parent buffer, terminal nodes (references per parent), max elements\n");
    }
    for (RegionPlan r : schedule.regions()) {
      if (r.number() == 0) {
        continue;
      }
      b.add(".region($L, $S, $L, $L, $L) // members $L, terminals $L\n", r.number(), r.head(),
          r.parentBuffer(), r.terminalCount(), r.maxElements(), r.members(), r.terminals());
    }
    List<String> signals = signalNames();
    if (!signals.isEmpty()) {
      b.add("// signals; then per node: handler index (-1: none), releases the parent, forwarded to\n");
    }
    for (String s : signals) {
      b.add(".signal($S)\n", s);
    }
    for (StageModel s : names.stagesInPlanOrder()) {
      StagePlan p = schedule.stage(s.name());
      if (p.dispatch() == null) {
        continue;
      }
      for (Origination o : p.dispatch().originates()) {
        b.add(".originate($S, $S$L)\n", s.name(), name(o.signal()), targets(o.edges()));
      }
      for (DispatchEntry d : p.dispatch().entries()) {
        int handler = d.handler() == null ? -1 : s.node().handlers().indexOf(d.handler());
        b.add(".dispatch($S, $S, $L, $L$L)\n", s.name(), name(d.signal()), handler, d.releasesParent(),
            targets(d.forwardEdges()));
      }
    }
    b.add(".build()");
    b.unindent().unindent();
    return b.build();
  }

  private int headedRegion(String stage) {
    return schedule.regions().stream().filter(r -> r.number() > 0 && r.head().equals(stage))
        .mapToInt(RegionPlan::number).findFirst().orElseThrow();
  }

  /** BEGIN(r)/END(r) for each region, then the user tags, in the order the plan numbers them. */
  List<String> signalNames() {
    List<String> out = new java.util.ArrayList<>();
    for (RegionPlan r : schedule.regions()) {
      if (r.number() > 0) {
        out.add("BEGIN(" + r.number() + ")");
        out.add("END(" + r.number() + ")");
      }
    }
    for (UserTag t : model.userTags()) {
      out.add(t.type().simpleName());
    }
    return out;
  }

  static String name(SignalKey k) {
    return k.kind() == SignalKey.Kind.USER ? k.tag().type().simpleName() : k.toString();
  }

  private CodeBlock targets(List<Integer> edges) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (int e : edges) {
      b.add(", $S", model.edges().get(e).to());
    }
    return b.build();
  }
}
