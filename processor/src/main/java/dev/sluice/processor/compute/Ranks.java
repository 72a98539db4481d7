package dev.sluice.processor.compute;

import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Static ranks (seed 003): the length of the longest chain of edges from a stage to a stage without
 * outputs. Sinks (and nodes without outputs) have rank 0; the source has the highest rank.
 */
public final class Ranks {
  private Ranks() {}

  public static Map<String, Integer> compute(PipelineModel model) {
    Map<String, Integer> ranks = new HashMap<>();
    List<StageModel> order = Graphs.topologicalOrder(model);
    for (int i = order.size() - 1; i >= 0; i--) {
      String stage = order.get(i).name();
      int rank = 0;
      for (EdgeModel e : model.outEdges(stage)) {
        rank = Math.max(rank, ranks.get(e.to()) + 1);
      }
      ranks.put(stage, rank);
    }
    return ranks;
  }
}
