package dev.sluice.runtime.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sluice.runtime.MaxExceededException;
import dev.sluice.runtime.queue.IntQueue;
import dev.sluice.runtime.queue.LongQueue;
import org.junit.jupiter.api.Test;

/** Bulk pushes on a channel count and fail like the single pushes they stand for. */
class BulkChannelTest {
  @Test
  void bulkPushesFillEveryTargetAndCountTheItems() {
    LongQueue a = new LongQueue(16, false);
    LongQueue b = new LongQueue(4, true);
    LongChannel c = new LongChannel("ids", Integer.MAX_VALUE, a, b);
    c.pushAll(new long[] {9, 1, 2, 3, 9}, 1, 3);
    c.pushRange(10, 4);
    assertArrayEquals(new long[] {1, 2, 3, 10, 11, 12, 13}, a.toArray());
    assertArrayEquals(new long[] {1, 2, 3, 10, 11, 12, 13}, b.toArray());
    assertEquals(7, c.total());
    assertEquals(7, a.pushed());
  }

  @Test
  void overTheMaxTheBulkPushFailsAtTheSameItemAsSinglePushes() {
    IntQueue q = new IntQueue(16, false);
    IntChannel c = new IntChannel("out", 3, q);
    c.beginItem();
    c.push(0);
    assertThrows(MaxExceededException.class, () -> c.pushRange(1, 3));
    // the single pushes that fitted went through, as they would have one by one
    assertArrayEquals(new int[] {0, 1, 2}, q.toArray());
    assertEquals(3, c.total());
    c.beginItem();
    c.pushAll(new int[] {7, 8, 9}, 0, 3);
    assertEquals(6, c.total());
  }
}
