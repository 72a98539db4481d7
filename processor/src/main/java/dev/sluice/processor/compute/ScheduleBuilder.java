package dev.sluice.processor.compute;

import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.NodeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Computes the {@link Schedule} of a validated pipeline: a pure function of the model. Its sizes were
 * checked against {@link SizeLimits}, so narrowing them to {@code int} is exact (and would fail
 * loudly, not wrap, if a check were missing).
 */
public final class ScheduleBuilder {
  private ScheduleBuilder() {}

  public static Schedule build(PipelineModel model) {
    RegionNumbering numbering = RegionNumbering.compute(model);
    if (!numbering.overlaps().isEmpty()) {
      throw new IllegalArgumentException("pipeline not validated: " + numbering.overlaps());
    }
    UserSignalFlow flow = UserSignalFlow.compute(model);
    Map<String, Integer> ranks = Ranks.compute(model);

    List<RegionPlan> regions = new ArrayList<>();
    regions.add(new RegionPlan(0, model.source().name(), null, 0, 0, numbering.members(model, 0),
        numbering.terminals(model, 0)));
    for (int r = 1; r < numbering.regionCount(); r++) {
      NodeModel head = model.stage(numbering.head(r)).node();
      regions.add(new RegionPlan(r, numbering.head(r), head.input(), head.region().parentBuffer(),
          head.region().maxElements(), numbering.members(model, r), numbering.terminals(model, r)));
    }

    List<StagePlan> stages = new ArrayList<>();
    for (StageModel stage : model.stages()) {
      String name = stage.name();
      stages.add(new StagePlan(name, numbering.label(model, name), numbering.stack(name), ranks.get(name),
          QueueCapacities.inputsPerRun(model, stage), Math.toIntExact(QueueCapacities.queueCapacity(model, stage)),
          Math.toIntExact(QueueCapacities.queueMaxPerRun(model, stage)), QueueCapacities.signalQueueCapacity(model, stage), DispatchTables.of(model, numbering, flow, stage)));
    }

    List<EdgePlan> edges = new ArrayList<>();
    for (EdgeModel edge : model.edges()) {
      StageModel to = model.stage(edge.to());
      edges.add(new EdgePlan(edge.index(), Math.toIntExact(QueueCapacities.maxPerRun(model, edge)),
          Math.toIntExact(QueueCapacities.queueCapacity(model, to)), to.isNode() ? numbering.stack(to.name()) : List.of(),
          flow.tagsOn(edge.index())));
    }
    return new Schedule(model, regions, stages, edges);
  }
}
