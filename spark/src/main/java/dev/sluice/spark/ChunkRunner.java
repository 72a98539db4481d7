package dev.sluice.spark;

import java.io.Serializable;
import java.util.Iterator;

/**
 * Runs the pipeline over a stream of input arrays: the generated {@code runChunks}, e.g.
 * {@code BlastPipeline::runChunks}. The adapter hands it one batch of a partition's items at a time,
 * cut into arrays, so that no partition is ever held whole.
 *
 * @param <P> the generated pipeline class
 * @param <C> the array type of the source items ({@code Chunk[]}, {@code int[]}, ...)
 * @param <R> the generated {@code Result}
 */
@FunctionalInterface
public interface ChunkRunner<P, C, R> extends Serializable {
  R run(P pipeline, Iterator<C> chunks);
}
