package dev.sluice.spark;

import java.io.Serializable;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Objects;

/**
 * How a partition's items become one input array of the pipeline: up to {@code max} items are taken
 * from the iterator, at least one (the caller checks that there is one). Objects go into an array of
 * the source's item type; boxed numbers into a primitive array. A null item is an error that names
 * its position in the run and in the partition, the first item of the array being the run's item
 * {@code first}, and the run beginning at the partition's item {@code before}.
 */
@FunctionalInterface
interface Packing<T, C> extends Serializable {
  C pack(Iterator<T> in, int max, int first, long before);

  /**
   * The next item, not null and of {@code type} (an RDD cast to another item type, whose items would
   * fail as an ArrayStoreException or in unboxing, without a place).
   */
  private static <T> T next(Iterator<T> in, int at, long before, String source, Class<?> type) {
    T item = in.next();
    if (item == null) {
      throw new NullPointerException("a null input item, item " + place(at, before) + ": " + source);
    }
    if (!type.isInstance(item)) {
      throw new ClassCastException("input item " + place(at, before) + " is a "
          + item.getClass().getName() + ", not a " + type.getName() + ", the pipeline's source items (an RDD or"
          + " Dataset cast to another item type?)");
    }
    return item;
  }

  private static String place(int at, long before) {
    return at + " of this run and " + (before + at) + " of the partition";
  }

  @SuppressWarnings("unchecked")
  static <T> Packing<T, T[]> objects(Class<T> type) {
    Objects.requireNonNull(type, "type");
    return (in, max, first, before) -> {
      T[] a = (T[]) Array.newInstance(type, max);
      int n = 0;
      while (n < max && in.hasNext()) {
        a[n] = next(in, first + n, before, "a pipeline's source items are never null", type);
        n++;
      }
      return n == max ? a : Arrays.copyOf(a, n);
    };
  }

  static Packing<Integer, int[]> ints() {
    return (in, max, first, before) -> {
      int[] a = new int[max];
      int n = 0;
      while (n < max && in.hasNext()) {
        a[n] = next(in, first + n, before, "an int source takes no nulls", Integer.class);
        n++;
      }
      return n == max ? a : Arrays.copyOf(a, n);
    };
  }

  static Packing<Long, long[]> longs() {
    return (in, max, first, before) -> {
      long[] a = new long[max];
      int n = 0;
      while (n < max && in.hasNext()) {
        a[n] = next(in, first + n, before, "a long source takes no nulls", Long.class);
        n++;
      }
      return n == max ? a : Arrays.copyOf(a, n);
    };
  }

  static Packing<Float, float[]> floats() {
    return (in, max, first, before) -> {
      float[] a = new float[max];
      int n = 0;
      while (n < max && in.hasNext()) {
        a[n] = next(in, first + n, before, "a float source takes no nulls", Float.class);
        n++;
      }
      return n == max ? a : Arrays.copyOf(a, n);
    };
  }

  static Packing<Double, double[]> doubles() {
    return (in, max, first, before) -> {
      double[] a = new double[max];
      int n = 0;
      while (n < max && in.hasNext()) {
        a[n] = next(in, first + n, before, "a double source takes no nulls", Double.class);
        n++;
      }
      return n == max ? a : Arrays.copyOf(a, n);
    };
  }
}
