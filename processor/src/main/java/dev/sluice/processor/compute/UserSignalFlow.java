package dev.sluice.processor.compute;

import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.model.UserTag;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where user signals travel: a node that raises a tag sends it along all its out-edges to NODE
 * stages; a node it reaches consumes it if it handles it, else forwards it the same way. Signals are
 * never sent to sinks.
 *
 * @param edges per tag index, the edges it can travel along
 * @param arrivals per tag index, the NODE stages it can reach
 * @param senders per tag index, the stages that send it on (raisers, and arrivals without a handler)
 */
public record UserSignalFlow(
    Map<Integer, Set<Integer>> edges, Map<Integer, Set<String>> arrivals, Map<Integer, Set<String>> senders) {

  public static UserSignalFlow compute(PipelineModel model) {
    Map<Integer, Set<Integer>> edges = new LinkedHashMap<>();
    Map<Integer, Set<String>> arrivals = new LinkedHashMap<>();
    Map<Integer, Set<String>> senders = new LinkedHashMap<>();
    for (UserTag tag : model.userTags()) {
      List<String> raisers = model.nodes().stream()
          .filter(s -> s.node().raisedTags().contains(tag.type()))
          .map(StageModel::name)
          .toList();
      Walk walk = walk(model, tag, raisers);
      edges.put(tag.index(), walk.edges());
      arrivals.put(tag.index(), walk.reached());
      senders.put(tag.index(), walk.sending());
    }
    return new UserSignalFlow(edges, arrivals, senders);
  }

  /** The NODE stages that a signal {@code tag} raised by {@code raiser} alone can reach. */
  public static Set<String> reachedFrom(PipelineModel model, UserTag tag, String raiser) {
    return walk(model, tag, List.of(raiser)).reached();
  }

  private record Walk(Set<Integer> edges, Set<String> reached, Set<String> sending) {}

  private static Walk walk(PipelineModel model, UserTag tag, List<String> raisers) {
    Set<Integer> tagEdges = new LinkedHashSet<>();
    Set<String> reached = new LinkedHashSet<>();
    Set<String> sending = new LinkedHashSet<>();
    Deque<String> work = new ArrayDeque<>(raisers);
    while (!work.isEmpty()) {
      String stage = work.poll();
      if (!sending.add(stage)) {
        continue;
      }
      for (EdgeModel e : model.outEdges(stage)) {
        StageModel to = model.stage(e.to());
        if (!to.isNode()) {
          continue;
        }
        tagEdges.add(e.index());
        reached.add(to.name());
        if (to.node().userHandler(tag.type()).isEmpty()) {
          work.add(to.name());
        }
      }
    }
    return new Walk(tagEdges, reached, sending);
  }

  /** The indices of the tags that can travel along an edge, ascending. */
  public List<Integer> tagsOn(int edge) {
    return edges.entrySet().stream().filter(e -> e.getValue().contains(edge)).map(Map.Entry::getKey).toList();
  }

  /** Whether a tag can reach a stage. */
  public boolean arrives(int tag, String stage) {
    return arrivals.getOrDefault(tag, Set.of()).contains(stage);
  }
}
