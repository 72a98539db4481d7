package dev.sluice.processor.validate;

import dev.sluice.From;
import dev.sluice.processor.compute.RegionNumbering;
import dev.sluice.processor.compute.UserSignalFlow;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.HandlerModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.RunParam;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.model.UserTag;
import dev.sluice.processor.read.Annotations;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks user signals: no fan-in where one can arrive (credit is per edge), no handler pushes into a
 * region that the signal entered through its enumerator (it arrives there between parents), and a
 * warning where one can reach a sink unhandled.
 */
final class SignalValidator {
  private SignalValidator() {}

  static List<Diagnostic> validate(PipelineModel model) {
    List<Diagnostic> out = new ArrayList<>();
    java.util.Map<String, UserTag> bySimpleName = new java.util.HashMap<>();
    for (UserTag tag : model.userTags()) {
      UserTag before = bySimpleName.putIfAbsent(tag.type().simpleName(), tag);
      if (before != null) {
        out.add(Diagnostic.on(model.element(), Message.TAG_NAME_CLASH, before.type().javaName(), tag.type().javaName(),
            tag.type().simpleName()));
        return out; // the flow below tells signals apart by that name
      }
    }
    UserSignalFlow flow = UserSignalFlow.compute(model);
    for (StageModel stage : model.stages()) {
      List<EdgeModel> in = model.inEdges(stage.name());
      if (in.size() < 2) {
        continue;
      }
      for (EdgeModel e : in) {
        List<Integer> tags = flow.tagsOn(e.index());
        if (!tags.isEmpty()) {
          out.add(Diagnostic.on(stage.method(), Annotations.mirror(stage.method(), From.class).orElse(null), null,
              Message.FAN_IN_WITH_SIGNAL, stage.name(), tag(model, tags.get(0)).type()));
          break;
        }
      }
    }
    out.addAll(betweenParents(model));
    // a tag that no node on its way handles, at each sink it reaches: one warning per sink, naming every
    // such tag. A tag handled on one path and passing a sink on another is how event sinks beside
    // handlers look, and warned once per tag and sink (outside-in helper-84: 30 warnings for 12 tags)
    java.util.Map<String, List<String>> tagsAt = new java.util.LinkedHashMap<>();
    for (UserTag tag : model.userTags()) {
      if (flow.arrivals().getOrDefault(tag.index(), Set.of()).stream()
          .anyMatch(stage -> model.stage(stage).node().userHandler(tag.type()).isPresent())) {
        continue;
      }
      Set<String> sinks = new LinkedHashSet<>();
      for (String sender : flow.senders().get(tag.index())) {
        for (EdgeModel e : model.outEdges(sender)) {
          if (model.stage(e.to()).isSink()) {
            sinks.add(e.to());
          }
        }
      }
      for (String sink : sinks) {
        tagsAt.computeIfAbsent(sink, k -> new ArrayList<>()).add(tag.type().toString());
      }
    }
    tagsAt.forEach((sink, tags) -> out.add(Diagnostic.on(model.stage(sink).method(), Message.USER_SIGNAL_UNHANDLED,
        (tags.size() == 1 ? "user signal " : "user signals ") + String.join(", ", tags), sink)));
    return out;
  }

  /**
   * An enumerator passes a user signal on after the parent it came with has ended (BEGIN, the
   * elements, END), so in the enumerator's region the signal arrives between two parents. A handler
   * reached that way may not push into that region: such an item would belong to no parent (seen by a
   * node's {@code @Parent}, and ordered against no BEGIN/END). A raiser's own regions are fine: there
   * its parent is open. Pushing on an {@code @Aggregate} channel leaves the innermost region, and a
   * channel read only by sinks reaches no region member.
   */
  private static List<Diagnostic> betweenParents(PipelineModel model) {
    List<Diagnostic> out = new ArrayList<>();
    RegionNumbering regions = RegionNumbering.compute(model);
    Set<String> reported = new LinkedHashSet<>();
    for (UserTag tag : model.userTags()) {
      for (StageModel raiser : model.nodes()) {
        if (!raiser.node().raisedTags().contains(tag.type())) {
          continue;
        }
        List<Integer> open = regions.stack(raiser.name());
        for (String reached : UserSignalFlow.reachedFrom(model, tag, raiser.name())) {
          StageModel stage = model.stage(reached);
          HandlerModel handler = stage.node().userHandler(tag.type()).orElse(null);
          if (handler == null) {
            continue;
          }
          List<Integer> stack = regions.stack(stage.name());
          for (RunParam p : handler.params()) {
            if (p.kind() != RunParam.Kind.CHANNEL) {
              continue;
            }
            boolean aggregate = stage.node().channel(p.channel()).orElseThrow().aggregate();
            int depth = stack.size() - (aggregate ? 1 : 0);
            int into = depth <= 0 ? 0 : stack.get(depth - 1);
            boolean toNodes = model.outEdges(stage.name()).stream()
                .anyMatch(e -> e.channel().equals(p.channel()) && model.stage(e.to()).isNode());
            if (into == 0 || open.contains(into) || !toNodes || !reported.add(stage.name() + "." + handler.name() + "." + p.channel())) {
              continue;
            }
            String head = regions.head(into);
            out.add(Diagnostic.on(p.element(), Message.SIGNAL_BETWEEN_PARENTS, "@SignalHandler " + handler.name(),
                stage.name(), p.channel(), into, tag.type(), raiser.name(), head, tag.type(), head));
          }
        }
      }
    }
    return out;
  }

  private static UserTag tag(PipelineModel model, int index) {
    return model.userTags().stream().filter(t -> t.index() == index).findFirst().orElseThrow();
  }
}
