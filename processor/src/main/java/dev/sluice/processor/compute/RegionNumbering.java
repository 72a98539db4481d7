package dev.sluice.processor.compute;

import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Region numbers (seed 000). Region 0 is the whole graph minus the source. Walking from the source,
 * each stage has a region stack: an edge out of an enumerator pushes its region, an
 * {@code @Aggregate} edge pops the innermost region, other edges keep the stack. Regions are numbered
 * 1.. in preorder of a depth-first walk from the source that follows edges in declaration order, so a
 * nested region has a higher number than its container. A stage reached with different stacks is an
 * {@link Overlap}.
 *
 * @param stacks each stage's region stack, outermost first (region 0 implicit and left out)
 * @param heads the head (enumerator) stage of region {@code r} at index {@code r - 1}
 * @param overlaps stages reached along edges with different stacks (errors)
 */
public record RegionNumbering(Map<String, List<Integer>> stacks, List<String> heads, List<Overlap> overlaps) {

  /** A stage reached inside {@code expected} along its first input, and {@code found} along {@code edge}. */
  public record Overlap(String stage, EdgeModel edge, List<Integer> expected, List<Integer> found) {}

  /** The label of the source: outside every region. */
  public static final int SOURCE_LABEL = -1;

  public RegionNumbering {
    stacks = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(stacks));
    heads = List.copyOf(heads);
    overlaps = List.copyOf(overlaps);
  }

  /** Numbers the regions of an acyclic pipeline whose stages are all reachable. */
  public static RegionNumbering compute(PipelineModel model) {
    List<String> heads = new ArrayList<>();
    preorder(model, model.source().name(), new HashSet<>(), heads);
    Map<String, List<Integer>> stacks = new LinkedHashMap<>();
    List<Overlap> overlaps = new ArrayList<>();
    for (StageModel stage : Graphs.topologicalOrder(model)) {
      if (stage.isSource()) {
        stacks.put(stage.name(), List.of());
        continue;
      }
      boolean overlapping = false;
      for (EdgeModel edge : model.inEdges(stage.name())) {
        List<Integer> stack = along(model, edge, stacks.get(edge.from()), heads);
        List<Integer> known = stacks.putIfAbsent(stage.name(), stack);
        if (known != null && !known.equals(stack) && !overlapping) {
          overlaps.add(new Overlap(stage.name(), edge, known, stack));
          overlapping = true;
        }
      }
      stacks.putIfAbsent(stage.name(), List.of());
    }
    return new RegionNumbering(stacks, heads, overlaps);
  }

  private static void preorder(PipelineModel model, String stage, Set<String> seen, List<String> heads) {
    if (!seen.add(stage)) {
      return;
    }
    if (model.stage(stage).isEnumerator()) {
      heads.add(stage);
    }
    for (EdgeModel e : model.outEdges(stage)) {
      preorder(model, e.to(), seen, heads);
    }
  }

  /** The stack of an edge's consumer given its producer's stack. */
  private static List<Integer> along(PipelineModel model, EdgeModel edge, List<Integer> producer, List<String> heads) {
    StageModel from = model.stage(edge.from());
    if (from.isSource()) {
      return List.of();
    }
    if (from.isEnumerator()) {
      List<Integer> pushed = new ArrayList<>(producer);
      pushed.add(heads.indexOf(from.name()) + 1);
      return List.copyOf(pushed);
    }
    if (edge.aggregate()) {
      return producer.isEmpty() ? List.of() : producer.subList(0, producer.size() - 1);
    }
    return producer;
  }

  /** The number of regions, region 0 included. */
  public int regionCount() {
    return heads.size() + 1;
  }

  /** A stage's region stack. */
  public List<Integer> stack(String stage) {
    return stacks.get(stage);
  }

  /** The number of the innermost region containing the stage: 0 if none, -1 for the source. */
  public int label(PipelineModel model, String stage) {
    if (model.stage(stage).isSource()) {
      return SOURCE_LABEL;
    }
    List<Integer> stack = stacks.get(stage);
    return stack.isEmpty() ? 0 : stack.get(stack.size() - 1);
  }

  /** The innermost region containing the stage, 0 if none. */
  public int innermost(String stage) {
    List<Integer> stack = stacks.get(stage);
    return stack == null || stack.isEmpty() ? 0 : stack.get(stack.size() - 1);
  }

  /** The head stage of region {@code r >= 1}. */
  public String head(int region) {
    return heads.get(region - 1);
  }

  /** The region an enumerator stage heads, or 0. */
  public int regionOf(String head) {
    return heads.indexOf(head) + 1;
  }

  /**
   * The NODE stages in region {@code r} (every non-source NODE stage for region 0). Sinks are never
   * members, and a head is not a member of its own region.
   */
  public List<String> members(PipelineModel model, int region) {
    return model.stages().stream()
        .filter(StageModel::isNode)
        .filter(s -> region == 0 || stacks.getOrDefault(s.name(), List.of()).contains(region))
        .map(StageModel::name)
        .toList();
  }

  /** Members of region {@code r} with no edge to another member of it. */
  public List<String> terminals(PipelineModel model, int region) {
    List<String> members = members(model, region);
    return members.stream()
        .filter(m -> model.outEdges(m).stream().noneMatch(e -> members.contains(e.to())))
        .toList();
  }
}
