package dev.sluice.runtime.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Where the first null of a claimed range is, as a position in the whole input. */
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
}
