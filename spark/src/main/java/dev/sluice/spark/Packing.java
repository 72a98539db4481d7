package dev.sluice.spark;

import java.io.Serializable;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Objects;

/**
 * How a partition's items become one input array of the pipeline: up to {@code max} items are taken
 * from the iterator, at least one (the caller checks that there is one). Objects go into an array of
 * the source's item type; boxed numbers into a primitive array, where a null item is an error.
 */
@FunctionalInterface
interface Packing<T, C> extends Serializable {
  C pack(Iterator<T> in, int max);

  @SuppressWarnings("unchecked")
  static <T> Packing<T, T[]> objects(Class<T> type) {
    Objects.requireNonNull(type, "type");
    return (in, max) -> {
      T[] a = (T[]) Array.newInstance(type, max);
      int n = 0;
      while (n < max && in.hasNext()) {
        a[n++] = Objects.requireNonNull(in.next(), "a null input item: a pipeline's source items are never null");
      }
      return n == max ? a : Arrays.copyOf(a, n);
    };
  }

  static Packing<Integer, int[]> ints() {
    return (in, max) -> {
      int[] a = new int[max];
      int n = 0;
      while (n < max && in.hasNext()) {
        a[n++] = Objects.requireNonNull(in.next(), "a null input item: an int source takes no nulls");
      }
      return n == max ? a : Arrays.copyOf(a, n);
    };
  }

  static Packing<Long, long[]> longs() {
    return (in, max) -> {
      long[] a = new long[max];
      int n = 0;
      while (n < max && in.hasNext()) {
        a[n++] = Objects.requireNonNull(in.next(), "a null input item: a long source takes no nulls");
      }
      return n == max ? a : Arrays.copyOf(a, n);
    };
  }

  static Packing<Float, float[]> floats() {
    return (in, max) -> {
      float[] a = new float[max];
      int n = 0;
      while (n < max && in.hasNext()) {
        a[n++] = Objects.requireNonNull(in.next(), "a null input item: a float source takes no nulls");
      }
      return n == max ? a : Arrays.copyOf(a, n);
    };
  }

  static Packing<Double, double[]> doubles() {
    return (in, max) -> {
      double[] a = new double[max];
      int n = 0;
      while (n < max && in.hasNext()) {
        a[n++] = Objects.requireNonNull(in.next(), "a null input item: a double source takes no nulls");
      }
      return n == max ? a : Arrays.copyOf(a, n);
    };
  }
}
