package dev.sluice.processor.validate;

import dev.sluice.Max;
import dev.sluice.Pipeline;
import dev.sluice.Region;
import dev.sluice.processor.compute.QueueCapacities;
import dev.sluice.processor.compute.SizeLimits;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.model.ChannelModel;
import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.read.Annotations;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * Checks the pipeline's stages, edges and sinks (SLU137) and the sizes its settings compute to against
 * {@link SizeLimits}, in {@code long}: each data queue (SLU124), one run's pushes into a sink (SLU125), the signal queue slots and the kernel's payload pool (SLU509), the parent
 * buffers (SLU510). Each error is reported on the annotation value that makes the number too large,
 * once per value.
 */
final class SizeValidator {
  private SizeValidator() {}

  static List<Diagnostic> validate(PipelineModel model) {
    List<Diagnostic> out = new ArrayList<>();
    // the pipeline as a whole first: past these its generated methods would not compile (SLU137)
    long sinks = model.sinks().size();
    long[] counts = {model.stages().size(), model.edges().size(), sinks};
    int[] limits = {SizeLimits.MAX_STAGES, SizeLimits.MAX_EDGES, SizeLimits.MAX_SINKS};
    String[] what = {"stages (the source and sinks counted)", "edges", "sinks"};
    for (int i = 0; i < counts.length; i++) {
      if (counts[i] > limits[i]) {
        out.add(Diagnostic.on(model.element(), Message.PIPELINE_TOO_LARGE, model.simpleName(), counts[i], what[i], limits[i]));
        return out;
      }
    }
    Set<List<Object>> reported = new HashSet<>();
    long limit = SizeLimits.MAX_INSTANCE_ITEMS;
    for (StageModel stage : model.nodes()) {
      long capacity = QueueCapacities.queueCapacity(model, stage);
      if (capacity <= limit) {
        continue;
      }
      long perRun = QueueCapacities.queueMaxPerRun(model, stage);
      int inputs = QueueCapacities.inputsPerRun(model, stage);
      Culprit c = queueCulprit(model, stage, perRun + inputs <= limit);
      if (reported.add(List.of(c.element, c.annotation, c.value == null ? "" : c.value))) {
        out.add(Diagnostic.on(c.element, c.annotation, c.value, Message.QUEUE_TOO_LARGE, stage.name(),
            exact(perRun, model.settings().queueScale(), inputs), perRun, model.settings().queueScale(), perRun, inputs,
            limit, c.what));
      }
    }
    for (EdgeModel edge : model.edges()) {
      // a sink has no queue, but one run's pushes into it are staged all the same
      StageModel from = model.stage(edge.from());
      long perRun = QueueCapacities.maxPerRun(model, edge);
      if (!model.stage(edge.to()).isSink() || perRun <= limit || !from.isNode() || from.isEnumerator()) {
        continue;
      }
      ChannelModel ch = from.node().channel(edge.channel()).orElseThrow();
      AnnotationMirror max = Annotations.mirror(ch.element(), Max.class).orElse(null);
      if (reported.add(List.of(ch.element(), edge.channel()))) {
        out.add(Diagnostic.on(ch.element(), max, max == null ? null : Annotations.value(max, "value").orElse(null),
            Message.SINK_RUN_TOO_LARGE, ch.name(), from.name(), perRun, edge.to(), ch.max(), model.settings().width(), limit));
      }
    }
    int queue = model.settings().signalQueue();
    long stages = model.stages().stream().filter(s -> !s.isSink()).count();
    long signals = SizeLimits.signalSlots(model);
    long payloads = SizeLimits.payloadSlots(model);
    if (signals > limit) {
      out.add(onSetting(model, "signalQueue", Message.SIGNAL_SLOTS_TOO_LARGE, queue, signals, "signal queue slots",
          stages + " stages x " + queue, limit));
    } else if (payloads > limit) {
      out.add(onSetting(model, "signalQueue", Message.SIGNAL_SLOTS_TOO_LARGE, queue, payloads,
          "user-signal payload slots in the OpenCL kernel",
          stages + " stages x (" + signals + " signal queue slots + 2 raises)", limit));
    }
    long parents = SizeLimits.parentSlots(model);
    if (parents > limit) {
      StageModel largest = model.nodes().stream().filter(StageModel::isEnumerator)
          .max((a, b) -> Integer.compare(a.node().region().parentBuffer(), b.node().region().parentBuffer()))
          .orElseThrow();
      Element node = largest.node().element();
      AnnotationMirror mirror = Annotations.mirror(node, Region.class).orElseThrow();
      out.add(Diagnostic.on(node, mirror, Annotations.value(mirror, "parentBuffer").orElse(null),
          Message.PARENT_SLOTS_TOO_LARGE, largest.node().region().parentBuffer(), largest.name(), model.simpleName(),
          parents, limit));
    }
    return out;
  }

  /** The capacity for the message, exact even where the {@code long} product saturated. */
  private static BigInteger exact(long perRun, int scale, int inputs) {
    return BigInteger.valueOf(perRun).multiply(BigInteger.valueOf(scale)).max(BigInteger.valueOf(perRun + inputs));
  }

  private record Culprit(Element element, AnnotationMirror annotation, AnnotationValue value, String what) {}

  /**
   * What makes the queue of {@code stage} too large: {@code queueScale} when it was set and the queue
   * would fit without it ({@code fitsUnscaled}); else the largest {@code @Max} above 1 of a channel
   * of the largest producer into it; else the width.
   */
  private static Culprit queueCulprit(PipelineModel model, StageModel stage, boolean fitsUnscaled) {
    AnnotationMirror pipeline = Annotations.mirror(model.element(), Pipeline.class).orElseThrow();
    Optional<AnnotationValue> scale = Annotations.value(pipeline, "queueScale");
    if (fitsUnscaled && scale.isPresent()) {
      return new Culprit(model.element(), pipeline, scale.get(), "@Pipeline(queueScale)");
    }
    String producer = QueueCapacities.largestProducer(model, stage).map(Map.Entry::getKey).orElseThrow();
    StageModel from = model.stage(producer);
    ChannelModel widest = null;
    if (from.isNode() && !from.isEnumerator()) {
      for (EdgeModel e : model.inEdges(stage.name())) {
        if (e.from().equals(producer)) {
          ChannelModel ch = from.node().channel(e.channel()).orElseThrow();
          if (ch.max() > 1 && (widest == null || ch.max() > widest.max())) {
            widest = ch;
          }
        }
      }
    }
    if (widest != null) {
      AnnotationMirror max = Annotations.mirror(widest.element(), Max.class).orElseThrow();
      return new Culprit(widest.element(), max, Annotations.value(max, "value").orElse(null),
          "@Max(" + widest.max() + ") on channel '" + widest.name() + "' of stage '" + producer + "'");
    }
    return new Culprit(model.element(), pipeline, Annotations.value(pipeline, "width").orElse(null),
        "@Pipeline(width)");
  }

  private static Diagnostic onSetting(PipelineModel model, String setting, Message message, Object... args) {
    AnnotationMirror pipeline = Annotations.mirror(model.element(), Pipeline.class).orElseThrow();
    return Diagnostic.on(model.element(), pipeline, Annotations.value(pipeline, setting).orElse(null), message, args);
  }
}
