package dev.sluice.spark;

import java.io.Serializable;
import java.util.Iterator;
import org.apache.spark.TaskContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * What a task needs to run its partition, shipped with every task and therefore small: the broadcast
 * handle of the pipeline factory (the factory itself and what it captures travel once per executor),
 * how batches are run, and the settings. {@link #run} is the body of the {@code mapPartitions}.
 */
final class Recipe<P, T, R> implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Names this recipe in every executor's cache of pipeline objects (broadcast ids restart with each SparkContext). */
  private final String id;
  private final Broadcast<byte[]> factory;
  private final Batches<P, T, R> batches;
  private final int batch;
  private final int chunk;
  private final String device;
  private final boolean cpuFallback;

  Recipe(String id, Broadcast<byte[]> factory, Batches<P, T, R> batches, int batch, int chunk, String device,
      boolean cpuFallback) {
    this.id = id;
    this.factory = factory;
    this.batches = batches;
    this.batch = batch;
    this.chunk = chunk;
    this.device = device;
    this.cpuFallback = cpuFallback;
  }

  Recipe<P, T, R> with(int batch, int chunk, String device, boolean cpuFallback) {
    return new Recipe<>(id, factory, batches, batch, chunk, device, cpuFallback);
  }

  int batch() {
    return batch;
  }

  int chunk() {
    return chunk;
  }

  String device() {
    return device;
  }

  boolean cpuFallback() {
    return cpuFallback;
  }

  Broadcast<byte[]> factory() {
    return factory;
  }

  /**
   * Partition {@code partition} of the input through this executor's pipeline object; the outcome
   * goes to {@code outcomes}, under that partition. The partition is the input's, not the task's: a
   * task of a later {@code coalesce} or {@code union} computes several input partitions, or one twice.
   */
  @SuppressWarnings("unchecked")
  <U, A> Iterator<U> run(int partition, Iterator<T> input, SinkItems<R, U> sink, Reduction<R, A> reduction,
      Outcomes<A> outcomes) {
    TaskContext task = TaskContext.get();
    if (task == null) {
      throw new IllegalStateException("a Sluice partition runs inside a Spark task only");
    }
    TaskSlots.Placement placement = TaskSlots.place(task, device, cpuFallback);
    Slot slot = placement.slot();
    String executor = TaskSlots.executor();
    String key = id + "/" + slot.spec() + "/" + slot.instances() + (cpuFallback ? "/or-cpu" : "");
    ExecutorPipelines.Built built = ExecutorPipelines.get(key, executor, () -> {
          PipelineFactory<P> f = ExecutorFactories.get(id, factory);
          P p = f.build(slot);
          if (p == null) {
            throw new IllegalStateException("the pipeline factory (" + f.getClass().getName() + ") returned null on executor "
                + executor + " for " + slot.device().name() + " with " + slot.instances() + " instance(s): it must"
                + " return a built pipeline, such as FooPipeline.builder()...device(slot.device()).build()");
          }
          return p;
        },
        name -> "Sluice on executor " + executor + ": built pipeline object " + name + " on " + slot.device().name()
            + " (" + placement.why() + (cpuFallback ? ", CPU fallback allowed" : "") + "); later tasks reuse it");
    int attempt = task.attemptNumber();
    return new PartitionRun<>(input, (P) built.pipeline(), batches, batch, chunk, sink, reduction, slot,
        (report, reduced) -> outcomes.add(new PartitionOutcome<>(partition, attempt, executor, built.name(), report,
            reduced)));
  }
}
