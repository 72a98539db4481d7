package dev.sluice.processor.compute;

import dev.sluice.processor.model.ChannelModel;
import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import dev.sluice.runtime.plan.PipelinePlan;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Queue sizes (MERCATOR: upstream run width x max outputs x a scale factor). A run is up to
 * {@code width} items and then at most one handled signal. The sizes are computed in {@code long}:
 * {@code SizeValidator} rejects a pipeline whose numbers pass {@link SizeLimits} before they are
 * narrowed to the plan's {@code int}s.
 */
public final class QueueCapacities {
  private QueueCapacities() {}

  /**
   * Items a stage takes in one run: the width for a transform, 1 for an enumerator (it finishes one
   * parent per run), the width for the source (items it produces per run), 0 for a sink.
   */
  public static int inputsPerRun(PipelineModel model, StageModel stage) {
    int width = model.settings().width();
    return switch (stage.kind()) {
      case SOURCE -> width;
      case SINK -> 0;
      case NODE -> PipelinePlan.inputsPerRun(stage.node().isEnumerator(), width);
    };
  }

  /** The most items the producer of {@code edge} can push on its channel in one run. */
  public static long maxPerRun(PipelineModel model, EdgeModel edge) {
    long width = model.settings().width();
    StageModel from = model.stage(edge.from());
    if (from.isSource() || from.isEnumerator()) {
      return width;
    }
    ChannelModel channel = from.node().channel(edge.channel()).orElseThrow();
    return (channel.pushedFromRun() ? width * channel.max() : 0) + (channel.pushedFromHandlers() ? channel.max() : 0);
  }

  /**
   * The most items one run of any single producer can put into the data queue of {@code stage}: over
   * the stages feeding it, the largest sum of {@link #maxPerRun} over that stage's edges into it (two
   * channels of one node into one join push both in one run). The queue is FULL when its free space
   * is below this number, whichever producer ran last, so the next run of any producer fits. 0 for
   * the source and sinks, which have no queue.
   */
  public static long queueMaxPerRun(PipelineModel model, StageModel stage) {
    return largestProducer(model, stage).map(Map.Entry::getValue).orElse(0L);
  }

  /**
   * The producer behind {@link #queueMaxPerRun} (the first of equals in edge order) and its items per
   * run into the queue of {@code stage}; empty for the source and sinks.
   */
  public static Optional<Map.Entry<String, Long>> largestProducer(PipelineModel model, StageModel stage) {
    if (!stage.isNode()) {
      return Optional.empty();
    }
    Map<String, Long> perProducer = new LinkedHashMap<>();
    for (EdgeModel edge : model.inEdges(stage.name())) {
      perProducer.merge(edge.from(), maxPerRun(model, edge), Long::sum);
    }
    Map.Entry<String, Long> largest = null;
    for (Map.Entry<String, Long> e : perProducer.entrySet()) {
      if (largest == null || e.getValue() > largest.getValue()) {
        largest = e;
      }
    }
    return Optional.ofNullable(largest);
  }

  /**
   * The data queue capacity of a stage: {@code max(queueMaxPerRun * queueScale, queueMaxPerRun +
   * inputsPerRun(stage))}. The second term lets a consumer activated by a FULL queue always run a
   * whole run. 0 for the source and sinks, which have no queue.
   */
  public static long queueCapacity(PipelineModel model, StageModel stage) {
    if (!stage.isNode()) {
      return 0;
    }
    long perRun = queueMaxPerRun(model, stage);
    long floor = perRun + inputsPerRun(model, stage);
    // perRun is at most edges x 2^16 x 2^31 (width x @Max): times the scale only when that can fit
    long scaled = perRun > Long.MAX_VALUE / Math.max(1, model.settings().queueScale())
        ? Long.MAX_VALUE : perRun * model.settings().queueScale();
    return Math.max(scaled, floor);
  }

  /** The signal queue capacity of a stage: the pipeline's setting for nodes, 0 otherwise. */
  public static int signalQueueCapacity(PipelineModel model, StageModel stage) {
    return stage.isNode() ? model.settings().signalQueue() : 0;
  }
}
