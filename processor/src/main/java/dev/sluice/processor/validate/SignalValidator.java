package dev.sluice.processor.validate;

import dev.sluice.From;
import dev.sluice.processor.compute.UserSignalFlow;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.model.UserTag;
import dev.sluice.processor.read.Annotations;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks user signals: no fan-in where one can arrive (credit is per edge), and a warning where one
 * can reach a sink unhandled.
 */
final class SignalValidator {
  private SignalValidator() {}

  static List<Diagnostic> validate(PipelineModel model) {
    List<Diagnostic> out = new ArrayList<>();
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
    for (UserTag tag : model.userTags()) {
      Set<String> sinks = new LinkedHashSet<>();
      for (String sender : flow.senders().get(tag.index())) {
        for (EdgeModel e : model.outEdges(sender)) {
          if (model.stage(e.to()).isSink()) {
            sinks.add(e.to());
          }
        }
      }
      for (String sink : sinks) {
        out.add(Diagnostic.on(model.stage(sink).method(), Message.USER_SIGNAL_UNHANDLED, tag.type(), sink));
      }
    }
    return out;
  }

  private static UserTag tag(PipelineModel model, int index) {
    return model.userTags().stream().filter(t -> t.index() == index).findFirst().orElseThrow();
  }
}
