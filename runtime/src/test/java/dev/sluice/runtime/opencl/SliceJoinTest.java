package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    InputChunk j = SliceJoin.join(chunk(first, 10, 1, 3), chunk(second, 13, 0, 2), 4);
    assertArrayEquals(new R[] {first[1], first[2], second[0], second[1]}, (R[]) j.data);
    assertEquals(11, j.offset + j.pos, "the first item's position in the input");
    assertEquals("input items [11, 15)", j.toString());
  }

  @Test
  void claimsOfOneArrayAreWidenedWithoutACopy() {
    long[] a = new long[100];
    InputChunk j = SliceJoin.join(chunk(a, 0, 10, 20), chunk(a, 0, 20, 35), 1000);
    assertSame(a, j.data);
    assertEquals(10, j.pos);
    assertEquals(35, j.end);
  }

  @Test
  void gapsRangesColumnsAndMixedTypesAreNotJoined() {
    assertNull(SliceJoin.join(chunk(new int[4], 0, 0, 4), chunk(new int[4], 5, 0, 4), 100), "a gap");
    assertNull(SliceJoin.join(chunk(null, 0, 0, 4), chunk(null, 0, 4, 8), 100), "an index range");
    Object[] columns = {new int[4], new float[4]};
    Object[] more = {new int[4], new float[4]};
    assertNull(SliceJoin.join(chunk(columns, 0, 0, 4), chunk(more, 4, 0, 4), 100), "columns of two arrays");
    assertNull(SliceJoin.join(chunk(new int[4], 0, 0, 4), chunk(new long[4], 4, 0, 4), 100), "two types");
  }

  /**
   * A join's own array has room, and later joins append to it rather than copying all before them
   * (outside-in helper-64: 640,000 one-item arrays took 83 s on PoCL); a caller's array is never
   * written, even with room past its claim.
   */
  @Test
  void laterJoinsAppendToAJoinsArrayAndNeverToACallers() {
    int[] one = {1, 2, 3};
    int[] two = {4, 5};
    int[] three = {6, 7, 8};
    InputChunk j = SliceJoin.join(chunk(one, 0, 0, 3), chunk(two, 3, 0, 2), 100);
    assertTrue(j.joined);
    assertEquals(10, ((int[]) j.data).length, "room for twice the items");
    InputChunk k = SliceJoin.join(j, chunk(three, 5, 0, 3), 100);
    assertSame(j.data, k.data, "appended in place");
    assertEquals(0, k.pos);
    assertEquals(8, k.end);
    assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6, 7, 8}, java.util.Arrays.copyOfRange((int[]) k.data, k.pos, k.end));
    assertEquals("input items [0, 8)", k.toString());
    InputChunk full = SliceJoin.join(k, chunk(new int[] {9, 10, 11}, 8, 0, 3), 100);
    assertNotSame(k.data, full.data, "no room: a new array");
    assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11},
        java.util.Arrays.copyOfRange((int[]) full.data, full.pos, full.end));
    // a caller's array with room past the claim: copied, not written
    int[] roomy = {1, 2, 0, 0, 0};
    InputChunk c = SliceJoin.join(chunk(roomy, 0, 0, 2), chunk(new int[] {3}, 2, 0, 1), 100);
    assertNotSame(roomy, c.data);
    assertArrayEquals(new int[] {1, 2, 0, 0, 0}, roomy);
    assertEquals(5, ((int[]) SliceJoin.join(chunk(one, 0, 0, 3), chunk(two, 3, 0, 2), 5).data).length,
        "room for at most `most` items");
  }
}
