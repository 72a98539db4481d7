package dev.sluice.spark;

import java.io.Serializable;

/**
 * Which of a run's outputs become the items of the output RDD or Dataset: a sink of the generated
 * {@code Result}, e.g. {@code BlastPipeline.Result::hits}. A primitive sink ({@code float[]}) is
 * boxed by the caller, e.g. with {@code r -> java.util.stream.IntStream.of(r.out()).boxed().toList()}.
 *
 * @param <R> the generated {@code Result}
 * @param <U> the output item type
 */
@FunctionalInterface
public interface SinkItems<R, U> extends Serializable {
  Iterable<U> items(R result);
}
