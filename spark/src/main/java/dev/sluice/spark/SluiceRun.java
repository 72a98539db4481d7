package dev.sluice.spark;

import dev.sluice.runtime.RunReport;
import java.util.Collection;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Dataset;

/**
 * A pipeline mapped over the partitions of an RDD or Dataset: the sink's items, and, once an action
 * has run them, the partitions' run reports summed and their reduction combined. Each partition
 * counts once, however often Spark ran it (a failed attempt, a speculative copy, a second action):
 * the figures describe one pass over the input. Before any partition has finished, {@link #report()}
 * is an error and {@link #reduction()} is empty.
 *
 * @param <U> the output item type
 * @param <A> the reduction's type ({@link Void} without one)
 */
public final class SluiceRun<U, A> {
  private final JavaRDD<U> rdd;
  private final Dataset<U> dataset;
  private final Outcomes<A> outcomes;
  private final Reduction<?, A> reduction;

  SluiceRun(JavaRDD<U> rdd, Dataset<U> dataset, Outcomes<A> outcomes, Reduction<?, A> reduction) {
    this.rdd = rdd;
    this.dataset = dataset;
    this.outcomes = outcomes;
    this.reduction = reduction;
  }

  /** The sink's items, lazily: an action on it runs the pipeline. */
  public JavaRDD<U> items() {
    return rdd != null ? rdd : dataset.javaRDD();
  }

  /** The sink's items as the Dataset it was mapped from gave them; an error for an RDD run. */
  public Dataset<U> dataset() {
    if (dataset == null) {
      throw new IllegalStateException("this run was mapped over an RDD; use items()");
    }
    return dataset;
  }

  private Collection<PartitionOutcome<A>> done() {
    return outcomes.value().values();
  }

  /** The run reports of every finished partition, summed (see docs/spark.md for how). */
  public RunReport report() {
    RunReport r = ranReport().orElse(null);
    if (r == null) {
      throw new IllegalStateException(done().isEmpty()
          ? "no partition of this run has finished: read the report after an action on items()"
          : "the " + done().size() + " finished partition(s) held no items, so the pipeline never ran");
    }
    return r;
  }

  /**
   * {@link #report()}, or empty where no finished partition held items, so that the pipeline never
   * ran (an empty input, or one whose partitions all finished empty).
   */
  public Optional<RunReport> ranReport() {
    ReportSum sum = new ReportSum();
    for (PartitionOutcome<A> o : done()) {
      sum.add(o.report());
    }
    return Optional.ofNullable(sum.toReport());
  }

  /** The reduction combined over every finished partition; empty without a reduction or a run. */
  public Optional<A> reduction() {
    if (reduction == null) {
      return Optional.empty();
    }
    A all = null;
    for (PartitionOutcome<A> o : done()) {
      all = reduction.combine(all, o.reduction());
    }
    return Optional.ofNullable(all);
  }

  /** Partitions finished. */
  public int partitions() {
    return done().size();
  }

  /** Partitions whose counted task was a retry (attempt number above 0). */
  public int retriedPartitions() {
    return (int) done().stream().filter(o -> o.attempt() > 0).count();
  }

  /** Pipeline runs (batches) summed over the partitions. */
  public int pipelineRuns() {
    return done().stream().mapToInt(o -> o.report().runs()).sum();
  }

  /** The executors that ran a partition ({@code driver} in local mode). */
  public Set<String> executors() {
    Set<String> s = new TreeSet<>();
    done().forEach(o -> s.add(o.executor()));
    return s;
  }

  /** The pipeline objects the partitions used, by executor and build number: one per executor and device. */
  public Set<String> pipelineObjects() {
    Set<String> s = new TreeSet<>();
    done().forEach(o -> s.add(o.pipelineObject()));
    return s;
  }
}
