package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SinkItemsTest {
  @Test
  void slicesAreJoinedInOrderAtTheirExactSize() {
    SinkItems<long[]> items = new SinkItems<>("out");
    long[] buffer = {1, 2, 3, 4, 5};
    items.add(buffer, 3);
    buffer[0] = 9; // the sink buffer is reused by the next slice: what was kept is a copy
    items.add(buffer, 0);
    items.add(buffer, 2);
    assertEquals(5, items.count());
    assertArrayEquals(new long[] {1, 2, 3, 9, 2}, items.join(new long[0]));
  }

  @Test
  void oneSliceIsHandedOverAndNoneIsTheEmptyArray() {
    SinkItems<int[]> one = new SinkItems<>("out");
    one.add(new int[] {7, 8, 0, 0}, 2);
    int[] joined = one.join(new int[0]);
    assertArrayEquals(new int[] {7, 8}, joined);
    assertSame(joined, one.join(new int[0]), "the slice's own copy, not another");
    int[] empty = new int[0];
    assertSame(empty, new SinkItems<int[]>("out").join(empty));
  }

  @Test
  void moreThanOneArrayHoldsNamesTheSink() {
    SinkItems<double[]> items = new SinkItems<>("hits");
    items.add(new double[16], 16);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> items.add(new double[1], Integer.MAX_VALUE - 16));
    assertTrue(e.getMessage().startsWith("sink 'hits' gathered 2147483647 items, more than one Java array holds"), e.getMessage());
    assertEquals(16, items.count(), "nothing was added");
  }
}
