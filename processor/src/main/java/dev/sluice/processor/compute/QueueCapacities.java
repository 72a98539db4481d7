package dev.sluice.processor.compute;

import dev.sluice.processor.model.ChannelModel;
import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import java.util.HashMap;
import java.util.Map;

/**
 * Queue sizes (MERCATOR: upstream run width x max outputs x a scale factor). A run is up to
 * {@code width} items and then at most one handled signal.
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
      case NODE -> stage.node().isEnumerator() ? 1 : width;
    };
  }

  /** The most items the producer of {@code edge} can push on its channel in one run. */
  public static int maxPerRun(PipelineModel model, EdgeModel edge) {
    int width = model.settings().width();
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
  public static int queueMaxPerRun(PipelineModel model, StageModel stage) {
    if (!stage.isNode()) {
      return 0;
    }
    Map<String, Integer> perProducer = new HashMap<>();
    for (EdgeModel edge : model.inEdges(stage.name())) {
      perProducer.merge(edge.from(), maxPerRun(model, edge), Integer::sum);
    }
    return perProducer.values().stream().mapToInt(Integer::intValue).max().orElse(0);
  }

  /**
   * The data queue capacity of a stage: {@code max(queueMaxPerRun * queueScale, queueMaxPerRun +
   * inputsPerRun(stage))}. The second term lets a consumer activated by a FULL queue always run a
   * whole run. 0 for the source and sinks, which have no queue.
   */
  public static int queueCapacity(PipelineModel model, StageModel stage) {
    if (!stage.isNode()) {
      return 0;
    }
    int perRun = queueMaxPerRun(model, stage);
    return Math.max(perRun * model.settings().queueScale(), perRun + inputsPerRun(model, stage));
  }

  /** The signal queue capacity of a stage: the pipeline's setting for nodes, 0 otherwise. */
  public static int signalQueueCapacity(PipelineModel model, StageModel stage) {
    return stage.isNode() ? model.settings().signalQueue() : 0;
  }
}
