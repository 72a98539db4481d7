package dev.sluice.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * One pipeline run over the next batch of a partition: at most {@code batch} items taken from the
 * partition's iterator (at least one is there), handed to the generated {@code runChunks} as arrays of
 * at most {@code chunk} items, pulled one array at a time, or to {@code runColumns} as one
 * {@link Columns}. {@code before}: the partition's items before this batch, for messages that name an
 * item by its place.
 */
@FunctionalInterface
interface Batches<P, T, R> extends Serializable {
  R run(P pipeline, Iterator<T> items, int batch, int chunk, long before);

  static <P, T, C, R> Batches<P, T, R> chunked(Packing<T, C> packing, ChunkRunner<P, C, R> runner) {
    return (pipeline, items, batch, chunk, before) -> runner.run(pipeline, new Iterator<C>() {
      private int left = batch;

      @Override
      public boolean hasNext() {
        return left > 0 && items.hasNext();
      }

      @Override
      public C next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        int n = Math.min(chunk, left);
        int first = batch - left;
        left -= n;
        return packing.pack(items, n, first, before);
      }
    });
  }

  /** Rows read as {@link Columns}, whose names match as {@code caseSensitive} says ({@link Columns#find}). */
  static <P, R> Batches<P, org.apache.spark.sql.Row, R> columns(ColumnRunner<P, R> runner, boolean caseSensitive) {
    return (pipeline, items, batch, chunk, before) -> {
      List<org.apache.spark.sql.Row> rows = new ArrayList<>();
      while (rows.size() < batch && items.hasNext()) {
        rows.add(items.next());
      }
      return runner.run(pipeline, new Columns(rows, before, caseSensitive));
    };
  }
}
