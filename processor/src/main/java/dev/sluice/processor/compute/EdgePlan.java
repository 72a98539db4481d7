package dev.sluice.processor.compute;

import java.util.List;

/**
 * The schedule numbers of one edge.
 *
 * @param index the edge's index in the pipeline model
 * @param maxPerRun the most items the producer can push on it in one run
 * @param capacity the consumer's data queue capacity (0 into a sink)
 * @param regions the regions whose BEGIN/END signals travel along it, outermost first
 * @param userTags the indices of the user tags that can travel along it
 */
public record EdgePlan(int index, int maxPerRun, int capacity, List<Integer> regions, List<Integer> userTags) {
  public EdgePlan {
    regions = List.copyOf(regions);
    userTags = List.copyOf(userTags);
  }
}
