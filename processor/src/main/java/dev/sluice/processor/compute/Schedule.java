package dev.sluice.processor.compute;

import dev.sluice.processor.model.PipelineModel;
import java.util.List;

/**
 * Everything the writer needs beyond the model: regions, per-stage and per-edge numbers, and
 * dispatch tables. Computed by {@link ScheduleBuilder} from a validated model.
 *
 * @param pipeline the model it was computed from
 * @param regions region 0 first, then 1.. in number order
 * @param stages one plan per stage, in the model's stage order
 * @param edges one plan per edge, in edge index order
 */
public record Schedule(PipelineModel pipeline, List<RegionPlan> regions, List<StagePlan> stages, List<EdgePlan> edges) {

  public Schedule {
    regions = List.copyOf(regions);
    stages = List.copyOf(stages);
    edges = List.copyOf(edges);
  }

  public StagePlan stage(String name) {
    return stages.stream().filter(s -> s.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no stage " + name));
  }

  public EdgePlan edge(int index) {
    return edges.get(index);
  }

  public RegionPlan region(int number) {
    return regions.get(number);
  }
}
