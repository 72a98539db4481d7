package dev.sluice.runtime.queue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** A sink buffer's starting size is a hint: it changes how the buffer grows, never what it holds. */
class SinkStartTest {
  @Test
  void aStartingSizeIsCappedAtASegmentAndKeepsTheItems() {
    LongQueue q = new LongQueue(1024, true);
    q.startAt(10);
    assertEquals(10, q.capacity());
    q.startAt(DataQueue.SEGMENT + 5);
    assertEquals(DataQueue.SEGMENT, q.capacity());
    q.startAt(3);
    for (long i = 0; i < 7; i++) {
      q.add(i);
    }
    assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5, 6}, q.toArray());
  }

  @Test
  void aBufferTakenAfterItsStartingSizeIsNoLongerWrittenByTheQueue() {
    IntQueue q = new IntQueue(1024, true);
    q.startAt(4);
    int[] before = new int[4];
    for (int i = 0; i < 4; i++) {
      q.add(i);
      before[i] = i;
    }
    int[] taken = q.takeArray();
    assertArrayEquals(before, taken);
    assertEquals(0, q.count());
    // the array handed over is no longer the queue's
    q.startAt(4);
    q.add(9);
    assertEquals(0, taken[0]);
  }

  @Test
  void onlyAnEmptySinkBufferGetsAStartingSize() {
    LongQueue fixed = new LongQueue(8, false);
    assertThrows(IllegalStateException.class, () -> fixed.startAt(16));
    LongQueue used = new LongQueue(8, true);
    used.add(1);
    assertThrows(IllegalStateException.class, () -> used.startAt(16));
  }
}
