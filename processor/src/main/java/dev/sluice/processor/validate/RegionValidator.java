package dev.sluice.processor.validate;

import dev.sluice.From;
import dev.sluice.Signal;
import dev.sluice.processor.compute.RegionNumbering;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.model.ChannelModel;
import dev.sluice.processor.model.HandlerModel;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.NodeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.RunParam;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.read.Annotations;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks what depends on region numbering: regions nest or are disjoint; {@code @Aggregate},
 * {@code @Parent} and BEGIN/END handlers only inside a region and with the innermost region's parent
 * type; no fan-in inside a region.
 */
final class RegionValidator {
  private RegionValidator() {}

  static List<Diagnostic> validate(PipelineModel model) {
    List<Diagnostic> out = new ArrayList<>();
    RegionNumbering regions = RegionNumbering.compute(model);
    for (RegionNumbering.Overlap o : regions.overlaps()) {
      out.add(GraphValidator.at(model.stage(o.stage()), o.edge().ref(), Message.REGION_OVERLAP, o.stage(),
          o.expected(), o.found()));
    }
    if (!out.isEmpty()) {
      return out;
    }
    for (StageModel stage : model.stages()) {
      if (stage.isSource()) {
        continue;
      }
      int innermost = regions.innermost(stage.name());
      if (model.inEdges(stage.name()).size() > 1 && innermost > 0) {
        out.add(atStage(stage, Message.FAN_IN_IN_REGION, stage.name(), innermost));
      }
      if (stage.isNode()) {
        checkNode(stage, innermost, regions, model, out);
      }
    }
    return out;
  }

  /** On the stage's method in the pipeline, at its {@code @From}. */
  private static Diagnostic atStage(StageModel stage, Message message, Object... args) {
    return Diagnostic.on(stage.method(), Annotations.mirror(stage.method(), From.class).orElse(null), null, message, args);
  }

  private static void checkNode(StageModel stage, int innermost, RegionNumbering regions, PipelineModel model,
      List<Diagnostic> out) {
    NodeModel node = stage.node();
    String name = stage.name();
    if (innermost == 0) {
      // The node is well formed; where it is wired is what cannot work, so these are reported on the
      // stage's line in the pipeline (a node used inside a region elsewhere is not wrong).
      String where = node.element().getSimpleName().toString();
      for (ChannelModel c : node.channels()) {
        if (c.aggregate()) {
          out.add(atStage(stage, Message.AGGREGATE_OUTSIDE_REGION, c.name(), where, name));
        }
      }
      for (RunParam p : node.runParams()) {
        if (p.kind() == RunParam.Kind.PARENT) {
          out.add(atStage(stage, Message.PARENT_OUTSIDE_REGION, p.name(), where, name));
        }
      }
      for (HandlerModel h : node.handlers()) {
        if (h.tag() != Signal.USER) {
          out.add(atStage(stage, Message.HANDLER_OUTSIDE_REGION, h.tag(), h.name() + "(...)", where, name));
        }
      }
      return;
    }
    String head = regions.head(innermost);
    ItemType parent = model.stage(head).node().input();
    for (RunParam p : node.runParams()) {
      if (p.kind() == RunParam.Kind.PARENT && !p.type().equals(parent)) {
        out.add(Diagnostic.on(p.element(), Message.PARENT_MISMATCH, p.type(), name, parent, innermost, head));
      }
    }
    for (HandlerModel h : node.handlers()) {
      if (h.tag() != Signal.USER && !h.valueType().equals(parent)) {
        out.add(Diagnostic.on(h.params().get(0).element(), Message.HANDLER_PARENT_MISMATCH, h.tag(),
            h.name() + "(...)", name, h.valueType(), innermost, head, parent));
      }
    }
  }
}
