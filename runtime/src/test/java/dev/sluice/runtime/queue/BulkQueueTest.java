package dev.sluice.runtime.queue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The bulk pushes and copies of the typed queues agree with their single-item counterparts. */
class BulkQueueTest {
  @Test
  void bulkPushesMatchSinglePushesAcrossTheWrap() {
    Random rnd = new Random(7);
    for (int trial = 0; trial < 500; trial++) {
      int cap = 1 + rnd.nextInt(40);
      LongQueue bulk = new LongQueue(cap, false);
      LongQueue single = new LongQueue(cap, false);
      IntQueue ints = new IntQueue(cap, false);
      IntQueue intsSingle = new IntQueue(cap, false);
      long next = 0;
      for (int step = 0; step < 30; step++) {
        if (rnd.nextBoolean()) {
          int n = rnd.nextInt(bulk.space() + 1);
          long[] src = new long[n + 3];
          for (int i = 0; i < src.length; i++) {
            src[i] = next + i;
          }
          if (rnd.nextBoolean()) {
            bulk.addAll(src, 2, n);
            ints.addRange((int) next + 2, n);
          } else {
            bulk.addRange(next + 2, n);
            ints.addRange((int) next + 2, n);
          }
          for (int i = 0; i < n; i++) {
            single.add(next + 2 + i);
            intsSingle.add((int) next + 2 + i);
          }
          next += n + 3;
        } else {
          int n = rnd.nextInt(bulk.count() + 1);
          bulk.release(n);
          single.release(n);
          ints.release(n);
          intsSingle.release(n);
        }
        assertEquals(single.count(), bulk.count());
        assertEquals(single.pushed(), bulk.pushed());
        assertArrayEquals(single.toArray(), bulk.toArray());
        assertArrayEquals(intsSingle.toArray(), ints.toArray());
        long[] dst = new long[bulk.count() + 5];
        assertEquals(bulk.count(), bulk.copyTo(dst, 5));
        for (int i = 0; i < bulk.count(); i++) {
          assertEquals(single.get(i), dst[5 + i]);
        }
      }
    }
  }

  @Test
  void bulkPushIntoAFullQueueOverflowsUnlessItGrows() {
    LongQueue q = new LongQueue(4, false);
    q.addRange(0, 3);
    assertThrows(QueueOverflowException.class, () -> q.addAll(new long[2], 0, 2));
    LongQueue sink = new LongQueue(4, true);
    sink.addRange(0, 3);
    sink.addAll(new long[] {3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 0, 10);
    sink.add(13);
    assertEquals(14, sink.count());
    assertEquals(14, sink.pushed());
    long[] expected = new long[14];
    for (int i = 0; i < 14; i++) {
      expected[i] = i;
    }
    assertArrayEquals(expected, sink.toArray());
  }

  @Test
  void takeArrayHandsOverAFullBufferAndTrimsAnotherAndEmptiesTheQueue() {
    LongQueue full = new LongQueue(8, true);
    full.addRange(0, 8);
    long[] before = full.toArray();
    long[] taken = full.takeArray();
    assertArrayEquals(before, taken);
    assertEquals(0, full.count());
    assertEquals(8, full.pushed());
    full.add(42);
    assertArrayEquals(new long[] {42}, full.toArray());
    assertArrayEquals(before, taken);

    DoubleQueue part = new DoubleQueue(8, true);
    part.addAll(new double[] {1.5, 2.5, 3.5}, 0, 3);
    assertArrayEquals(new double[] {1.5, 2.5, 3.5}, part.takeArray());
    FloatQueue f = new FloatQueue(2, true);
    f.addAll(new float[] {1, 2, 3}, 0, 3);
    assertArrayEquals(new float[] {1, 2, 3}, f.takeArray());
  }


  @Test
  void takeArrayWithRoomPutsTheItemsFirstWhereverTheyLie() {
    // in a larger buffer: copied with room for the rest
    IntQueue roomy = new IntQueue(16, true);
    roomy.addRange(5, 3);
    int[] a = roomy.takeArray(5);
    assertEquals(5, a.length);
    assertArrayEquals(new int[] {5, 6, 7}, java.util.Arrays.copyOf(a, 3));
    assertEquals(0, roomy.count());
    // a buffer exactly as long as asked for is handed over, its items first
    LongQueue exact = new LongQueue(4, true);
    exact.addRange(1, 2);
    long[] b = exact.takeArray(4);
    assertEquals(4, b.length);
    assertEquals(1, b[0]);
    assertEquals(2, b[1]);
    // past a segment: the sealed segments' items and then the array's, in order
    LongQueue sealed = new LongQueue(1, true);
    int n = DataQueue.SEGMENT + 3;
    sealed.addRange(0, n);
    long[] c = sealed.takeArray(n + 1);
    assertEquals(n + 1, c.length);
    for (int i = 0; i < n; i++) {
      assertEquals(i, c[i]);
    }
    // an array too short for the items is refused, and the queue keeps them
    DoubleQueue d = new DoubleQueue(4, true);
    d.addAll(new double[] {1, 2, 3}, 0, 3);
    assertThrows(IllegalArgumentException.class, () -> d.takeArray(2));
    assertArrayEquals(new double[] {1, 2, 3}, d.takeArray());
  }
  @Test
  void objQueueAddsItsItemsInOrderAcrossTheWrap() {
    ObjQueue<String> q = new ObjQueue<>(4, false);
    q.add("a");
    q.add("b");
    q.add("c");
    q.release(2);
    q.add("d");
    q.add("e");
    List<String> out = new ArrayList<>();
    q.addTo(out);
    assertEquals(List.of("c", "d", "e"), out);
    assertEquals(q.toList(), out);
  }

  @Test
  void aSinkPastOneSegmentKeepsEveryItemInOrderWithoutCopyingToGrow() {
    // single pushes, bulk copies and ranges across several segment boundaries, one of them bigger
    // than a segment; then the items as one array, copied into another, and taken
    int seg = DataQueue.SEGMENT;
    LongQueue sink = new LongQueue(1024, true);
    long next = 0;
    for (int i = 0; i < seg + 5; i++) {
      sink.add(next++);
    }
    long[] big = new long[seg + 17];
    for (int i = 0; i < big.length; i++) {
      big[i] = next + i;
    }
    sink.addAll(big, 0, big.length);
    next += big.length;
    sink.addRange(next, 3);
    next += 3;
    for (int i = 0; i < seg; i++) {
      sink.add(next++);
    }
    assertEquals(next, sink.count());
    assertEquals(next, sink.pushed());
    long[] copied = new long[(int) next + 2];
    assertEquals(next, sink.copyTo(copied, 2));
    long[] taken = sink.takeArray();
    assertEquals(next, taken.length);
    for (int i = 0; i < next; i++) {
      assertEquals(i, taken[i]);
      assertEquals(i, copied[2 + i]);
    }
    assertEquals(0, sink.count());
    assertEquals(next, sink.pushed());
    sink.add(7);
    assertArrayEquals(new long[] {7}, sink.toArray());

    ObjQueue<Integer> objs = new ObjQueue<>(4, true);
    for (int i = 0; i < 2 * seg + 1; i++) {
      objs.add(i);
    }
    List<Integer> out = objs.toList();
    assertEquals(2 * seg + 1, out.size());
    for (int i = 0; i < out.size(); i++) {
      assertEquals(i, out.get(i));
    }
    IntQueue ints = new IntQueue(4, true);
    ints.addRange(0, seg + 1);
    ints.addRange(seg + 1, 1);
    int[] all = ints.takeArray();
    assertEquals(seg + 2, all.length);
    assertEquals(seg + 1, all[seg + 1]);
  }

  @Test
  void aSinkAppendKeepsWhatAddKeepsThroughGrowthSegmentsAndHandOvers() {
    int seg = DataQueue.SEGMENT;
    LongQueue added = new LongQueue(3, true);
    LongQueue appended = new LongQueue(3, true);
    FloatQueue floats = new FloatQueue(3, true);
    ObjQueue<String> strings = new ObjQueue<>(3, true);
    for (int round = 0; round < 2; round++) {
      // past a segment and back: doubling, a sealed array, a new one, then a hand-over that empties both
      int n = round == 0 ? seg + 5 : 7;
      for (int i = 0; i < n; i++) {
        added.add(1000L * round + i);
        appended.append(1000L * round + i);
        floats.append(i + 0.5f);
        if (i < 50) {
          strings.append("s" + i);
        }
      }
      assertEquals(added.count(), appended.count());
      assertEquals(added.pushed(), appended.pushed());
      assertArrayEquals(added.takeArray(), appended.takeArray());
      float[] f = floats.takeArray();
      assertEquals(n, f.length);
      assertEquals(n - 0.5f, f[n - 1]);
      List<String> o = strings.toList();
      assertEquals(round == 0 ? 50 : 57, o.size());
      assertEquals(round == 0 ? "s49" : "s6", o.get(o.size() - 1));
    }
  }

  @Test
  void writesIntoRoomKeepWhatAppendsKeepAcrossSegments() {
    int seg = DataQueue.SEGMENT;
    LongQueue appended = new LongQueue(3, true);
    LongQueue roomed = new LongQueue(3, true);
    ObjQueue<String> strings = new ObjQueue<>(3, true);
    long next = 0;
    // calls of 0 to 8 pushes each, room for 8 made before each call, as the direct executor does
    for (int call = 0; roomed.count() < seg + 100; call++) {
      int k = call % 9;
      long[] room = roomed.room(8);
      int at = roomed.appendAt();
      for (int j = 0; j < k; j++) {
        room[at + j] = next;
        appended.append(next++);
      }
      roomed.appended(k);
      if (call < 20) {
        Object[] r = strings.room(8);
        int sAt = strings.appendAt();
        for (int j = 0; j < k; j++) {
          r[sAt + j] = call + "." + j;
        }
        strings.appended(k);
      }
    }
    assertTrue(roomed.count() > roomed.appendAt(), "a segment was sealed");
    assertEquals(appended.count(), roomed.count());
    assertEquals(appended.pushed(), roomed.pushed());
    assertArrayEquals(appended.takeArray(), roomed.takeArray());
    List<String> o = strings.toList();
    assertEquals(73, o.size());
    assertEquals("19.0", o.get(o.size() - 1));
  }

  @Test
  void aSinkOverflowsOnlyPastWhatOneArrayHolds() {
    IntQueue q = new IntQueue(4, true);
    // the input's size, said as such (SinkLimit), not a broken protocol's overflow
    assertThrows(IllegalStateException.class, () -> q.addAll(new int[0], 0, Integer.MAX_VALUE - 4));
    assertEquals(0, q.count());
  }

  @Test
  void emptyQueuesCopyNothing() {
    IntQueue q = new IntQueue(3, true);
    q.addAll(new int[0], 0, 0);
    q.addRange(5, 0);
    assertEquals(0, q.pushed());
    assertEquals(0, q.takeArray().length);
    int[] dst = new int[0];
    assertEquals(0, q.copyTo(dst, 0));
    assertSame(dst, dst);
  }
}
