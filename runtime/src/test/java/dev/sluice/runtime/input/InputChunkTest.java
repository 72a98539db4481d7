package dev.sluice.runtime.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Where the first null of a claimed range is, as a position in the whole input; and a claim as
 * messages name it.
 */
class InputChunkTest {
  record Pair(int a, int b) {}

  private static InputChunk chunk(Object data, long offset, int pos, int end) {
    InputChunk c = new InputChunk();
    c.data = data;
    c.offset = offset;
    c.pos = pos;
    c.start = pos;
    c.end = end;
    return c;
  }

  @Test
  void aNullRecordIsFoundAtItsPositionInTheWholeInput() {
    Pair[] items = {new Pair(1, 2), new Pair(3, 4), null, new Pair(5, 6), null};
    assertEquals(2, chunk(items, 0, 0, 5).firstNull());
    assertEquals(1002, chunk(items, 1000, 1, 3).firstNull());
    assertEquals(4, chunk(items, 0, 3, 5).firstNull());
    // outside the range it is not this chunk's
    assertEquals(-1, chunk(items, 0, 0, 2).firstNull());
  }

  @Test
  void columnsRangesAndPrimitivesHaveNoNullItems() {
    Object[] columns = {new int[] {1, 2, 3}, new int[] {4, 5, 6}};
    assertEquals(-1, chunk(columns, 0, 0, 2).firstNull());
    assertEquals(-1, chunk(new int[3], 0, 0, 3).firstNull());
    assertEquals(-1, chunk(null, 0, 0, 3).firstNull());
  }

  /**
   * An index range's items are values, and the failing item is named by its value: the claim names its
   * values too (outside-in helper-130: runRange(5, 12) failed on "item 10" while "reading input items
   * [4, 7)").
   */
  @Test
  void aClaimIsNamedByPositionsAndARangesByItsValuesToo() {
    assertEquals("input items [4, 7)", chunk(new int[10], 0, 4, 7).toString());
    InputChunk range = chunk(null, 0, 4, 7);
    range.base = 5;
    assertEquals("input items [4, 7), the values 9 to 11", range.toString());
    assertEquals("input items [0, 0)", chunk(null, 0, 0, 0).toString(), "an empty claim has no values");
  }
}
