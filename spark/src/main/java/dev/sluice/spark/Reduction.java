package dev.sluice.spark;

import java.io.Serializable;
import java.util.Objects;

/**
 * A value read from every pipeline run and combined across runs and partitions, such as a
 * {@code @Reduce} field of the generated {@code Result}:
 * {@code Reduction.of(SensorSplitPipeline.Result::classifyAcceptedCount, Integer::sum)}. The
 * combiner must be associative and commutative: runs and partitions are combined in no defined
 * order. A partition with no items runs nothing and adds nothing. The values travel from the
 * executors to the driver, so they are serializable (boxed numbers, arrays, records that implement
 * {@link Serializable}).
 *
 * @param <R> the generated {@code Result}
 * @param <A> the combined value
 */
public final class Reduction<R, A> implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Reads the value of one run. */
  @FunctionalInterface
  public interface Read<R, A> extends Serializable {
    A read(R result);
  }

  /** Combines two values. */
  @FunctionalInterface
  public interface Combine<A> extends Serializable {
    A combine(A a, A b);
  }

  private final Read<R, A> read;
  private final Combine<A> combine;

  private Reduction(Read<R, A> read, Combine<A> combine) {
    this.read = Objects.requireNonNull(read, "read");
    this.combine = Objects.requireNonNull(combine, "combine");
  }

  public static <R, A> Reduction<R, A> of(Read<R, A> read, Combine<A> combine) {
    return new Reduction<>(read, combine);
  }

  A read(R result) {
    return read.read(result);
  }

  /** {@code b} combined into {@code a}; a null side is absent. */
  A combine(A a, A b) {
    return a == null ? b : b == null ? a : combine.combine(a, b);
  }
}
