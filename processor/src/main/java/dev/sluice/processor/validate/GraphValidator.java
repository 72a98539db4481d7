package dev.sluice.processor.validate;

import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.InputRef;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.read.MadeUpNames;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks the graph of a read pipeline, in phases that each need the previous one to pass:
 * references and item types along edges; cycles; reachability from the source; then regions
 * ({@link RegionValidator}) and user signals ({@link SignalValidator}); last, the computed sizes
 * ({@link SizeValidator}).
 */
public final class GraphValidator {
  private GraphValidator() {}

  public static List<Diagnostic> validate(PipelineModel model) {
    List<Diagnostic> out = new ArrayList<>();
    checkReferences(model, out);
    if (hasErrors(out)) {
      return out;
    }
    checkCycles(model, out);
    if (hasErrors(out)) {
      return out;
    }
    checkReachable(model, out);
    if (hasErrors(out)) {
      return out;
    }
    out.addAll(RegionValidator.validate(model));
    if (hasErrors(out)) {
      return out;
    }
    out.addAll(SignalValidator.validate(model));
    out.addAll(ResultNames.validate(model));
    if (hasErrors(out)) {
      return out;
    }
    out.addAll(SizeValidator.validate(model));
    checkOutputs(model, out);
    return out;
  }

  /** A pipeline with no sink and no @Reduce field computes nothing a run can return: said, not refused. */
  private static void checkOutputs(PipelineModel model, List<Diagnostic> out) {
    boolean reduces = model.nodes().stream()
        .anyMatch(s -> !s.node().fields(dev.sluice.processor.model.FieldModel.Kind.REDUCE).isEmpty());
    if (model.sinks().isEmpty() && !reduces) {
      out.add(Diagnostic.on(model.element(), Message.NO_OUTPUT, model.element().getSimpleName()));
    }
    checkUnreadChannels(model, out);
  }

  /**
   * A node's channel that nothing reads drops what is pushed on it: said (outside-in helper-97, where a
   * stage commented out while developing lost two thirds of the items without a word), unless the stage
   * method or the pipeline says {@code @SuppressWarnings("unused")}.
   */
  private static void checkUnreadChannels(PipelineModel model, List<Diagnostic> out) {
    if (suppressesUnused(model.element())) {
      return;
    }
    for (StageModel s : model.nodes()) {
      if (suppressesUnused(s.method())) {
        continue;
      }
      for (String channel : s.channelNames()) {
        if (model.outEdges(s.name()).stream().noneMatch(e -> e.channel().equals(channel))) {
          out.add(Diagnostic.on(s.method(), Message.UNREAD_CHANNEL, channel, s.name(), s.name(), channel, s.name()));
        }
      }
    }
  }

  private static boolean suppressesUnused(javax.lang.model.element.Element e) {
    SuppressWarnings suppressed = e.getAnnotation(SuppressWarnings.class);
    return suppressed != null && java.util.Arrays.asList(suppressed.value()).contains("unused");
  }

  private static boolean hasErrors(List<Diagnostic> out) {
    return out.stream().anyMatch(Diagnostic::isError);
  }

  /** The stages that read {@code stage}'s output, directly or through others, by their references as written. */
  private static Set<String> readersOf(PipelineModel model, String stage) {
    Set<String> found = new HashSet<>();
    java.util.ArrayDeque<String> next = new java.util.ArrayDeque<>(List.of(stage));
    while (!next.isEmpty()) {
      String at = next.poll();
      for (StageModel s : model.stages()) {
        if (s.inputs().stream().anyMatch(r -> r.stage().equals(at)) && found.add(s.name())) {
          next.add(s.name());
        }
      }
    }
    return found;
  }

  /**
   * A guess at the stage an unknown {@code @From} name meant, among the {@code names} it can read: one
   * that differs in case alone, or the one whose node class has that simple name (the class written
   * instead of the stage method's name; outside-in helper-129); else nothing.
   */
  private static String meant(PipelineModel model, String name, List<String> names) {
    for (String n : names) {
      if (n.equalsIgnoreCase(name)) {
        return "; did you mean '" + n + "'? (a stage is named by its method, case and all)";
      }
    }
    List<String> byClass = model.stages().stream()
        .filter(s -> s.isNode() && names.contains(s.name())
            && s.node().element().getSimpleName().contentEquals(name))
        .map(StageModel::name).toList();
    return byClass.size() == 1 ? "; '" + name + "' is the node class of stage '" + byClass.get(0)
        + "': @From names the stage, by its method" : "";
  }

  private static void checkReferences(PipelineModel model, List<Diagnostic> out) {
    for (StageModel consumer : model.stages()) {
      // the candidates: neither a sink nor a node without channels, which no stage can read (SLU108,
      // SLU120; outside-in helper-113), nor the stage itself or a stage that reads it already, at any
      // distance, which would make a cycle (SLU104; outside-in helper-72)
      Set<String> downstream = readersOf(model, consumer.name());
      List<String> names = model.stages().stream()
          .filter(s -> s != consumer && !s.channelNames().isEmpty() && !downstream.contains(s.name()))
          .map(StageModel::name).toList();
      Set<String> seen = new HashSet<>();
      for (InputRef ref : consumer.inputs()) {
        Optional<StageModel> found = model.findStage(ref.stage());
        if (found.isEmpty()) {
          out.add(at(consumer, ref, Message.UNKNOWN_STAGE, ref.stage(), names, meant(model, ref.stage(), names)));
          continue;
        }
        StageModel producer = found.get();
        if (producer.isSink()) {
          out.add(at(consumer, ref, Message.FROM_SINK, producer.name()));
          continue;
        }
        List<String> channels = producer.channelNames();
        String channel = ref.channel();
        if (channel != null && !channels.contains(channel)) {
          out.add(at(consumer, ref, Message.UNKNOWN_CHANNEL, producer.name(), channel, channels,
              MadeUpNames.all(channels) ? MadeUpNames.hint(producer.node().qualifiedName()) : ""));
          continue;
        }
        if (channel == null && channels.isEmpty()) {
          out.add(at(consumer, ref, Message.NO_CHANNELS, producer.name()));
          continue;
        }
        if (channel == null && channels.size() > 1) {
          out.add(at(consumer, ref, Message.AMBIGUOUS_REFERENCE, producer.name(), channels, producer.name()));
          continue;
        }
        String resolved = channel != null ? channel : channels.get(0);
        if (!seen.add(producer.name() + "." + resolved)) {
          // as the user wrote it ("in" twice reads 'in', not 'in.in')
          out.add(at(consumer, ref, Message.DUPLICATE_INPUT, consumer.name(), ref.text()));
          continue;
        }
        ItemType carried = producer.channelType(resolved);
        if (!carried.equals(consumer.itemType())) {
          out.add(at(consumer, ref, Message.TYPE_MISMATCH, ref.text(), carried, consumer.name(), consumer.itemType(),
              consumer.isSink() ? "the return type of sink " + consumer.name() + "()"
                  : "the item " + consumer.name() + " takes"));
        }
      }
    }
  }

  /** Reports each back edge of a depth-first walk (stages in declaration order) as a cycle. */
  private static void checkCycles(PipelineModel model, List<Diagnostic> out) {
    Map<String, Integer> state = new HashMap<>(); // absent: new, 1: on the path, 2: done
    for (StageModel s : model.stages()) {
      walk(model, s.name(), state, new ArrayList<>(), out);
    }
  }

  private static void walk(PipelineModel model, String stage, Map<String, Integer> state, List<String> path,
      List<Diagnostic> out) {
    if (state.containsKey(stage)) {
      return;
    }
    state.put(stage, 1);
    path.add(stage);
    for (EdgeModel e : model.outEdges(stage)) {
      Integer target = state.get(e.to());
      if (target != null && target == 1) {
        List<String> cycle = new ArrayList<>(path.subList(path.indexOf(e.to()), path.size()));
        cycle.add(e.to());
        out.add(at(model.stage(e.to()), e.ref(), Message.CYCLE, String.join(" -> ", cycle)));
      } else {
        walk(model, e.to(), state, path, out);
      }
    }
    path.remove(path.size() - 1);
    state.put(stage, 2);
  }

  private static void checkReachable(PipelineModel model, List<Diagnostic> out) {
    Set<String> reached = new LinkedHashSet<>();
    Deque<String> work = new ArrayDeque<>(List.of(model.source().name()));
    while (!work.isEmpty()) {
      String s = work.poll();
      if (reached.add(s)) {
        model.outEdges(s).forEach(e -> work.add(e.to()));
      }
    }
    List<StageModel> unreached = model.stages().stream().filter(s -> !reached.contains(s.name())).toList();
    // one mistake, one error: a stage downstream of an unreachable one is unreachable because of it,
    // so only the stages with no input at all are named, unless every unreachable stage has one (a cycle)
    List<StageModel> roots = unreached.stream().filter(s -> model.inEdges(s.name()).isEmpty()).toList();
    for (StageModel s : roots.isEmpty() ? unreached : roots) {
      out.add(Diagnostic.on(s.method(), Message.UNREACHABLE, s.name(), model.source().name()));
    }
  }

  /** A diagnostic on the {@code @From} value of {@code consumer}. */
  static Diagnostic at(StageModel consumer, InputRef ref, Message message, Object... args) {
    return Diagnostic.on(consumer.method(), ref.annotation(), ref.value(), message, args);
  }
}
