package dev.sluice.spark;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.util.AccumulatorV2;

/**
 * The partitions' outcomes, gathered on the driver as a Spark accumulator keyed by partition: a
 * partition counts once however often Spark ran it. Spark drops the updates of failed task attempts,
 * but it may add those of a partition computed again (a speculative copy that also succeeded, a lost
 * block, a second action over the same RDD); here a later outcome of a partition already present is
 * ignored, so the summed report and reduction count every partition exactly once.
 */
final class Outcomes<A> extends AccumulatorV2<PartitionOutcome<A>, Map<Integer, PartitionOutcome<A>>> {
  private static final long serialVersionUID = 1L;

  private final TreeMap<Integer, PartitionOutcome<A>> byPartition = new TreeMap<>();

  @Override
  public boolean isZero() {
    synchronized (byPartition) {
      return byPartition.isEmpty();
    }
  }

  @Override
  public Outcomes<A> copy() {
    Outcomes<A> c = new Outcomes<>();
    synchronized (byPartition) {
      c.byPartition.putAll(byPartition);
    }
    return c;
  }

  @Override
  public void reset() {
    synchronized (byPartition) {
      byPartition.clear();
    }
  }

  @Override
  public void add(PartitionOutcome<A> o) {
    synchronized (byPartition) {
      byPartition.putIfAbsent(o.partition(), o);
    }
  }

  @Override
  public void merge(AccumulatorV2<PartitionOutcome<A>, Map<Integer, PartitionOutcome<A>>> other) {
    for (PartitionOutcome<A> o : other.value().values()) {
      add(o);
    }
  }

  @Override
  public Map<Integer, PartitionOutcome<A>> value() {
    synchronized (byPartition) {
      return Collections.unmodifiableMap(new TreeMap<>(byPartition));
    }
  }
}
