package dev.sluice.processor.compute;

import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Graph helpers over a validated (acyclic) pipeline. */
public final class Graphs {
  private Graphs() {}

  /**
   * The stages in a topological order; among stages that are ready at once, declaration order wins
   * (so the order is stable). Stages on a cycle are left out.
   */
  public static List<StageModel> topologicalOrder(PipelineModel model) {
    Map<String, Integer> pending = new HashMap<>();
    for (StageModel s : model.stages()) {
      pending.put(s.name(), model.inEdges(s.name()).size());
    }
    List<StageModel> order = new ArrayList<>();
    List<StageModel> remaining = new ArrayList<>(model.stages());
    boolean progress = true;
    while (progress) {
      progress = false;
      for (StageModel s : remaining) {
        if (pending.get(s.name()) == 0) {
          order.add(s);
          remaining.remove(s);
          for (EdgeModel e : model.outEdges(s.name())) {
            pending.merge(e.to(), -1, Integer::sum);
          }
          progress = true;
          break;
        }
      }
    }
    return order;
  }
}
