package dev.sluice.fuzz;

import dev.sluice.runtime.Device;
import java.util.List;
import java.util.Map;

/**
 * What the generated {@code Driver} class of each fuzzed pipeline implements: typed calls into its
 * generated {@code PPipeline}, so that the fuzzer needs no reflection.
 */
public interface FuzzDriver {
  /** Which {@code @Param} data the node factories give from now on (0 or 1). */
  void variant(int v);

  /** A pipeline object on {@code device}. */
  Object build(Device device, int instances, int chunk);

  /**
   * Runs {@code pipeline} over {@code input} (records as lists of components): mode 0 {@code run},
   * 1 {@code runChunks}, 2 {@code runColumns} (record sources). Returns each sink's items (records as
   * lists of components), each reduction by its accessor's name, and the report under "@report".
   */
  Map<String, Object> run(Object pipeline, List<Object> input, int mode);
}
