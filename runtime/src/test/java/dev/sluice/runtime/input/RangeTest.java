package dev.sluice.runtime.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A range input's length: too long is an error even where {@code to - from} overflows a long. */
class RangeTest {
  private static void tooLong(long from, long to) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> InputCursor.range(from, to, 64));
    assertTrue(e.getMessage().contains("is longer than 2147483647 items"), e.getMessage());
  }

  @Test
  void aRangeWiderThanALongIsTooLongNotEmpty() {
    // outside-in: these ran as empty inputs, the difference wrapping negative
    tooLong(Long.MIN_VALUE, Long.MAX_VALUE);
    tooLong(-10L, Long.MAX_VALUE);
    tooLong(Long.MIN_VALUE, 10L);
    tooLong(0L, 1L << 31);
    assertEquals(Integer.MAX_VALUE, InputCursor.range(0L, Integer.MAX_VALUE, 64).total());
    assertEquals(3, InputCursor.range(Long.MAX_VALUE - 3, Long.MAX_VALUE, 64).total());
    // reversed or empty: no items, as IntStream.range
    assertEquals(0, InputCursor.range(10L, 5L, 64).total());
    assertEquals(0, InputCursor.range(Long.MAX_VALUE, Long.MIN_VALUE, 64).total());
  }
}
