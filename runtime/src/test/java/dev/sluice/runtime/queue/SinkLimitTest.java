package dev.sluice.runtime.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * A sink past one Java array is refused with the input's size as the reason, on the CPU back end as on
 * OpenCL (outside-in: a queue overflow, which says the protocol broke, or a NegativeArraySizeException
 * when two instances' counts were added in an int).
 */
class SinkLimitTest {
  @Test
  void aSinkBufferPastOneArrayIsTheInputsSizeNotAnOverflow() {
    IntQueue sink = new IntQueue(16, true);
    sink.add(1);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> sink.room(SinkLimit.MAX_ITEMS));
    assertEquals("a sink gathered more than 2147483639 items, more than one Java array holds (2147483639): give the"
        + " run less input at a time", e.getMessage());
    assertEquals(1, sink.count(), "nothing lost");
    // a queue between stages that is full is still the protocol's overflow
    IntQueue queue = new IntQueue(1, false);
    queue.add(1);
    assertThrows(QueueOverflowException.class, () -> queue.add(2));
  }

  @Test
  void theResultsCountIsALongChecked() {
    assertEquals(5, SinkLimit.check("out", 5));
    assertEquals(SinkLimit.MAX_ITEMS, SinkLimit.check("out", SinkLimit.MAX_ITEMS));
    // two instances of 1.07 billion items each: an int sum wrapped to a negative array size
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> SinkLimit.check("out", 2_150_400_000L));
    assertEquals("sink 'out' gathered 2150400000 items, more than one Java array holds (2147483639): give the run"
        + " less input at a time", e.getMessage());
  }
}
