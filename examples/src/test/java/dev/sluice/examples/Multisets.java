package dev.sluice.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.runtime.RunOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/** Assertions on sink results, which are multisets: the order of a sink's items is not defined. */
public final class Multisets {
  private Multisets() {}

  /** The chunk sizes every example test runs with: one item, an odd small size, the default. */
  public static final int[] CHUNKS = {1, 7, RunOptions.DEFAULT_CHUNK};

  public static void assertSameInts(int[] expected, int[] actual, String what) {
    assertSameLongs(Arrays.stream(expected).asLongStream().toArray(), Arrays.stream(actual).asLongStream().toArray(),
        what);
  }

  public static void assertSameLongs(long[] expected, long[] actual, String what) {
    long[] e = expected.clone();
    long[] a = actual.clone();
    Arrays.sort(e);
    Arrays.sort(a);
    assertEquals(e.length, a.length, what + ": size");
    // where they first differ, with a few items either side: the whole arrays as text would take
    // hundreds of megabytes for the larger tests' sinks, and fill the test JVM's heap
    int at = Arrays.mismatch(e, a);
    if (at >= 0) {
      int from = Math.max(0, at - 3);
      assertEquals(Arrays.toString(Arrays.copyOfRange(e, from, Math.min(e.length, at + 4))),
          Arrays.toString(Arrays.copyOfRange(a, from, Math.min(a.length, at + 4))),
          what + ": the sorted items differ first at " + at + " (shown from " + from + ")");
    }
  }

  /**
   * Compares float multisets allowing {@code tolerance} per item: an OpenCL compiler may contract
   * {@code a * b + c} into one fused multiply-add, which rounds once instead of twice, so the result can
   * differ by an ulp of the product (more than an ulp of the result when the sum cancels).
   */
  public static void assertSameFloats(float[] expected, float[] actual, double tolerance, String what) {
    float[] e = expected.clone();
    float[] a = actual.clone();
    Arrays.sort(e);
    Arrays.sort(a);
    assertEquals(e.length, a.length, what + ": size");
    for (int i = 0; i < e.length; i++) {
      if (!(Math.abs(e[i] - a[i]) <= tolerance)) {
        assertEquals(e[i], a[i], what + ": item " + i + " of the sorted multiset, beyond " + tolerance);
      }
    }
  }

  /** Compares lists of records (or anything with a stable {@code toString}) as multisets. */
  public static <T> void assertSameItems(List<T> expected, List<T> actual, String what) {
    List<String> e = new ArrayList<>(expected.stream().map(String::valueOf).toList());
    List<String> a = new ArrayList<>(actual.stream().map(String::valueOf).toList());
    e.sort(Comparator.naturalOrder());
    a.sort(Comparator.naturalOrder());
    assertEquals(e.size(), a.size(), what + ": size");
    assertEquals(e, a, what);
  }
}
