package dev.sluice.processor.compute;

import dev.sluice.Signal;
import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.HandlerModel;
import dev.sluice.processor.model.NodeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.model.UserTag;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Signal dispatch per NODE stage. A region-R signal is forwarded along out-edges whose target is a
 * NODE member of R; BEGIN/END handlers apply to the node's innermost region only; a terminal of R
 * releases the parent on END of R. A user signal the node handles is consumed; otherwise it is
 * forwarded along all out-edges to NODE stages. An enumerator originates BEGIN/END of its own region
 * on its out-edges to members; a node raising a user tag originates it on its out-edges to NODE
 * stages.
 */
public final class DispatchTables {
  private DispatchTables() {}

  public static DispatchTable of(PipelineModel model, RegionNumbering regions, UserSignalFlow flow, StageModel stage) {
    if (!stage.isNode()) {
      return DispatchTable.EMPTY;
    }
    NodeModel node = stage.node();
    String name = stage.name();
    List<Integer> stack = regions.stack(name);
    int innermost = regions.innermost(name);
    List<DispatchEntry> entries = new ArrayList<>();
    for (int region : stack) {
      List<Integer> forward = edgesTo(model, name, to -> regions.stack(to).contains(region));
      boolean terminal = regions.terminals(model, region).contains(name);
      for (Signal kind : List.of(Signal.BEGIN, Signal.END)) {
        HandlerModel handler = region == innermost ? node.handler(kind).orElse(null) : null;
        SignalKey key = kind == Signal.BEGIN ? SignalKey.begin(region) : SignalKey.end(region);
        entries.add(new DispatchEntry(key, handler, forward, kind == Signal.END && terminal));
      }
    }
    for (UserTag tag : model.userTags()) {
      if (flow.arrives(tag.index(), name)) {
        HandlerModel handler = node.userHandler(tag.type()).orElse(null);
        List<Integer> forward = handler != null ? List.of() : edgesTo(model, name, to -> true);
        entries.add(new DispatchEntry(SignalKey.user(tag), handler, forward, false));
      }
    }
    List<Origination> originates = new ArrayList<>();
    if (node.isEnumerator()) {
      int own = regions.regionOf(name);
      List<Integer> edges = edgesTo(model, name, to -> regions.stack(to).contains(own));
      originates.add(new Origination(SignalKey.begin(own), edges));
      originates.add(new Origination(SignalKey.end(own), edges));
    }
    for (UserTag tag : model.userTags()) {
      if (node.raisedTags().contains(tag.type())) {
        originates.add(new Origination(SignalKey.user(tag), edgesTo(model, name, to -> true)));
      }
    }
    return new DispatchTable(entries, originates);
  }

  /** Out-edges of {@code stage} to NODE stages that pass {@code target}. */
  private static List<Integer> edgesTo(PipelineModel model, String stage, Predicate<String> target) {
    return model.outEdges(stage).stream()
        .filter(e -> model.stage(e.to()).isNode() && target.test(e.to()))
        .map(EdgeModel::index)
        .toList();
  }
}
