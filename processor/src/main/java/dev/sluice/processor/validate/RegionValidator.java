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
        out.add(Diagnostic.on(stage.method(), Annotations.mirror(stage.method(), From.class).orElse(null), null,
            Message.FAN_IN_IN_REGION, stage.name(), innermost));
      }
      if (stage.isNode()) {
        checkNode(stage, innermost, regions, model, out);
      }
    }
    return out;
  }

  private static void checkNode(StageModel stage, int innermost, RegionNumbering regions, PipelineModel model,
      List<Diagnostic> out) {
    NodeModel node = stage.node();
    String name = stage.name();
    if (innermost == 0) {
      for (ChannelModel c : node.channels()) {
        if (c.aggregate()) {
          out.add(Diagnostic.on(c.element(), Message.AGGREGATE_OUTSIDE_REGION, c.name(), name));
        }
      }
      for (RunParam p : node.runParams()) {
        if (p.kind() == RunParam.Kind.PARENT) {
          out.add(Diagnostic.on(p.element(), Message.PARENT_OUTSIDE_REGION, p.name(), name));
        }
      }
      for (HandlerModel h : node.handlers()) {
        if (h.tag() != Signal.USER) {
          out.add(Diagnostic.on(h.method(), Message.HANDLER_OUTSIDE_REGION, h.tag(), h.name() + "(...)", name));
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
