package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.sluice.runtime.input.InputChunk;
import org.junit.jupiter.api.Test;

/** Which claims one slice can hold, and what it holds then. */
class SliceJoinTest {
  private static InputChunk chunk(Object data, long offset, int pos, int end) {
    InputChunk c = new InputChunk();
    c.data = data;
    c.offset = offset;
    c.pos = pos;
    c.start = pos;
    c.end = end;
    return c;
  }

  record R(int a) {}

  @Test
  void claimsOfTwoArraysAreCopiedIntoOneAtTheFirstsPosition() {
    R[] first = {new R(1), new R(2), new R(3)};
    R[] second = {new R(4), new R(5)};
    InputChunk j = SliceJoin.join(chunk(first, 10, 1, 3), chunk(second, 13, 0, 2));
    assertArrayEquals(new R[] {first[1], first[2], second[0], second[1]}, (R[]) j.data);
    assertEquals(11, j.offset + j.pos, "the first item's position in the input");
    assertEquals("input items [11, 15)", j.toString());
  }

  @Test
  void claimsOfOneArrayAreWidenedWithoutACopy() {
    long[] a = new long[100];
    InputChunk j = SliceJoin.join(chunk(a, 0, 10, 20), chunk(a, 0, 20, 35));
    assertSame(a, j.data);
    assertEquals(10, j.pos);
    assertEquals(35, j.end);
  }

  @Test
  void gapsRangesColumnsAndMixedTypesAreNotJoined() {
    assertNull(SliceJoin.join(chunk(new int[4], 0, 0, 4), chunk(new int[4], 5, 0, 4)), "a gap");
    assertNull(SliceJoin.join(chunk(null, 0, 0, 4), chunk(null, 0, 4, 8)), "an index range");
    Object[] columns = {new int[4], new float[4]};
    Object[] more = {new int[4], new float[4]};
    assertNull(SliceJoin.join(chunk(columns, 0, 0, 4), chunk(more, 4, 0, 4)), "columns of two arrays");
    assertNull(SliceJoin.join(chunk(new int[4], 0, 0, 4), chunk(new long[4], 4, 0, 4)), "two types");
  }
}
