package dev.sluice.processor.compute;

import java.util.List;

/**
 * The schedule numbers of one stage.
 *
 * @param name the stage name
 * @param label the innermost region containing it (0 if none; -1 for the source)
 * @param regionStack the regions containing it, outermost first (region 0 left out)
 * @param rank the longest chain of edges from it to a stage without outputs (seed 003)
 * @param inputsPerRun items consumed per run: the width for a transform, 1 for an enumerator, the
 *     width produced per run for the source, 0 for a sink
 * @param queueCapacity its data queue capacity (0 for the source and sinks, which have none)
 * @param queueMaxPerRun the most items one run of any single producer puts into its data queue: the
 *     queue is FULL when it has less space (0 for the source and sinks)
 * @param signalQueueCapacity its signal queue capacity (0 for the source and sinks)
 * @param dispatch its signal table ({@link DispatchTable#EMPTY} for the source and sinks)
 */
public record StagePlan(
    String name, int label, List<Integer> regionStack, int rank, int inputsPerRun, int queueCapacity,
    int queueMaxPerRun, int signalQueueCapacity, DispatchTable dispatch) {

  public StagePlan {
    regionStack = List.copyOf(regionStack);
  }
}
