package dev.sluice.processor.validate;

import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.model.FieldModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Element;

/**
 * The generated {@code Result} has an accessor per sink (its name), per {@code @Reduce} field
 * ({@code <stage><Field>}) and {@code report()}: two of them must not share a name.
 */
final class ResultNames {
  private ResultNames() {}

  static List<Diagnostic> validate(PipelineModel model) {
    List<Diagnostic> out = new ArrayList<>();
    Map<String, String> taken = new HashMap<>();
    taken.put("report", "the run report");
    // Result is a class: an accessor may not take the name of a method of Object without parameters
    for (String method : List.of("hashCode", "toString", "getClass", "notify", "notifyAll", "wait", "clone", "finalize")) {
      taken.put(method, "java.lang.Object's " + method + "()");
    }
    for (StageModel sink : model.sinks()) {
      claim(taken, sink.name(), "sink '" + sink.name() + "'", sink.method(), out);
    }
    for (StageModel s : model.nodes()) {
      for (FieldModel f : s.node().fields(FieldModel.Kind.REDUCE)) {
        String name = s.name() + Character.toUpperCase(f.name().charAt(0)) + f.name().substring(1);
        claim(taken, name, "@Reduce field " + s.name() + "." + f.name(), s.method(), out);
      }
    }
    return out;
  }

  private static void claim(Map<String, String> taken, String name, String what, Element at,
      List<Diagnostic> out) {
    String before = taken.putIfAbsent(name, what);
    if (before != null) {
      out.add(Diagnostic.on(at, Message.RESULT_NAME_CLASH, name, before, what));
    }
  }
}
