package dev.sluice.spark;

import java.io.Serializable;

/**
 * Runs the pipeline over one batch of rows given as columns: the generated {@code runColumns}, e.g.
 * {@code (p, c) -> p.runColumns(c.ints("sensor"), c.floats("value"))}.
 *
 * @param <P> the generated pipeline class
 * @param <R> the generated {@code Result}
 */
@FunctionalInterface
public interface ColumnRunner<P, R> extends Serializable {
  R run(P pipeline, Columns columns);
}
