package dev.sluice.spark;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.broadcast.Broadcast;

/**
 * The pipeline factories of this JVM (an executor, or the driver in local mode), read from their
 * broadcast bytes ({@link JavaForm}) once per recipe and shared by every pipeline object built from
 * it, so that what a factory captures (a sequence index, a table) is held once per JVM however many
 * devices or instance counts its tasks build for (review helper-131: reading it per pipeline object
 * held a copy for each). Kept as the pipeline objects are: the {@link ExecutorPipelines#KEPT} used
 * last.
 */
final class ExecutorFactories {
  /** By recipe id, least recently used first; guarded by the class. */
  private static final Map<String, PipelineFactory<?>> READ = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, PipelineFactory<?>> eldest) {
      return size() > ExecutorPipelines.KEPT;
    }
  };

  private ExecutorFactories() {}

  /**
   * The factory of recipe {@code id}, read from {@code bytes} if this JVM has not read it yet. One at a
   * time: a second task of the recipe waits for the first's copy rather than making its own.
   */
  @SuppressWarnings("unchecked")
  static synchronized <P> PipelineFactory<P> get(String id, Broadcast<byte[]> bytes) {
    PipelineFactory<?> f = READ.get(id);
    if (f == null) {
      f = JavaForm.factory(bytes.value(), Thread.currentThread().getContextClassLoader());
      READ.put(id, f);
    }
    return (PipelineFactory<P>) f;
  }
}
