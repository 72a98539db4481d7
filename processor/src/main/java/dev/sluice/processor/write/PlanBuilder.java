package dev.sluice.processor.write;

import dev.sluice.processor.compute.DispatchEntry;
import dev.sluice.processor.compute.Origination;
import dev.sluice.processor.compute.RegionPlan;
import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.compute.StagePlan;
import dev.sluice.processor.model.ChannelModel;
import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import dev.sluice.runtime.plan.PipelinePlan;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Builds, inside the processor, the {@link PipelinePlan} that the generated {@code PLAN} builds when
 * the pipeline class loads: the same builder calls, with the same arguments, as {@link PlanWriter}
 * writes. The processor draws the pipeline from it ({@link DiagramWriter}) with the renderer that
 * run reports use, so the picture next to the generated class and a run's picture cannot disagree.
 * The examples' tests check that the picture drawn here equals the one drawn from the loaded
 * {@code PLAN}.
 */
final class PlanBuilder {
  private PlanBuilder() {}

  static PipelinePlan build(PipelineModel model, Schedule schedule, Names names) {
    PipelinePlan.Builder b = PipelinePlan.builder(model.simpleName(), model.settings().width(),
        model.settings().signalQueue());
    for (StageModel s : names.stagesInPlanOrder()) {
      StagePlan p = schedule.stage(s.name());
      if (s.isSource()) {
        b.source(s.name(), p.rank());
      } else if (s.isEnumerator()) {
        b.enumerate(s.name(), p.label(), p.rank(), p.queueCapacity(), p.queueMaxPerRun(), headedRegion(schedule, s));
      } else {
        b.transform(s.name(), p.label(), p.rank(), p.queueCapacity(), p.queueMaxPerRun());
      }
    }
    for (StageModel s : model.sinks()) {
      b.sink(s.name());
    }
    for (EdgeModel e : model.edges()) {
      b.edge(e.from(), e.channel(), e.to(), schedule.edge(e.index()).maxPerRun());
    }
    channels(model, (stage, c) -> b.channel(stage, c.name(), c.max(), c.aggregate()), () -> {});
    for (RegionPlan r : schedule.regions()) {
      if (r.number() > 0) {
        b.region(r.number(), r.head(), r.parentBuffer(), r.terminalCount(), r.maxElements());
      }
    }
    for (String signal : new PlanWriter(model, schedule, names).signalNames()) {
      b.signal(signal);
    }
    for (StageModel s : names.stagesInPlanOrder()) {
      StagePlan p = schedule.stage(s.name());
      if (p.dispatch() == null) {
        continue;
      }
      for (Origination o : p.dispatch().originates()) {
        b.originate(s.name(), PlanWriter.name(o.signal()), targets(model, o.edges()));
      }
      for (DispatchEntry d : p.dispatch().entries()) {
        int handler = d.handler() == null ? -1 : s.node().handlers().indexOf(d.handler());
        b.dispatch(s.name(), PlanWriter.name(d.signal()), handler, d.releasesParent(), targets(model, d.forwardEdges()));
      }
    }
    return b.build();
  }

  /**
   * Calls {@code each} for every channel of every node that is not an enumerator (an enumerator's
   * {@code elements} is bounded by the width, which the plan has), after {@code first} if there is any.
   */
  static void channels(PipelineModel model, BiConsumer<String, ChannelModel> each, Runnable first) {
    boolean any = false;
    for (StageModel s : model.nodes()) {
      if (s.isEnumerator()) {
        continue;
      }
      for (ChannelModel c : s.node().channels()) {
        if (!any) {
          first.run();
          any = true;
        }
        each.accept(s.name(), c);
      }
    }
  }

  private static int headedRegion(Schedule schedule, StageModel stage) {
    return schedule.regions().stream().filter(r -> r.number() > 0 && r.head().equals(stage.name()))
        .mapToInt(RegionPlan::number).findFirst().orElseThrow();
  }

  private static String[] targets(PipelineModel model, List<Integer> edges) {
    return edges.stream().map(e -> model.edges().get(e).to()).toArray(String[]::new);
  }
}
