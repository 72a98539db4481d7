package dev.sluice.runtime.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Iterator;
import org.junit.jupiter.api.Test;

/** The cursor over a stream of arrays calls the caller's iterator no more once it failed or ended. */
class StreamCursorTest {
  /** Two arrays of 2, then a failure; counts its calls. */
  private static final class Failing implements Iterator<int[]> {
    int calls;
    final IllegalStateException failure = new IllegalStateException("queue closed");

    @Override
    public boolean hasNext() {
      return true;
    }

    @Override
    public int[] next() {
      calls++;
      if (calls > 2) {
        throw failure;
      }
      return new int[] {1, 2};
    }
  }

  @Test
  void anIteratorThatFailedIsNotCalledAgain() {
    Failing arrays = new Failing();
    InputCursor cursor = InputCursor.stream(arrays, a -> a.length, 2);
    InputChunk chunk = new InputChunk();
    assertTrue(cursor.claim(chunk));
    assertTrue(cursor.claim(chunk));
    InputFailure f = assertThrows(InputFailure.class, () -> cursor.claim(chunk));
    assertSame(arrays.failure, f.getCause());
    assertEquals(4, f.itemsBefore());
    // another instance claiming after the failure (outside-in helper-52: a second call on another
    // thread, to an iterator that had closed its resource when it threw)
    assertFalse(cursor.claim(chunk));
    assertEquals(3, arrays.calls);
  }

  /**
   * An iterator whose {@code hasNext()} says false once and true again after (a queue polled with a
   * timeout, fed again): the run's input ends at the first false, for every instance that claims
   * after it. Asked again by each instance as it ran dry, it gave a run more input with more instances
   * and on OpenCL, and kept a run on a live source going (outside-in helper-141).
   */
  @Test
  void anIteratorThatEndedIsNotAskedAgain() {
    int[] asked = {0};
    Iterator<int[]> arrays = new Iterator<>() {
      int given;

      @Override
      public boolean hasNext() {
        asked[0]++;
        return given != 1; // one array, then false once, then true for ever
      }

      @Override
      public int[] next() {
        given++;
        return new int[] {1, 2, 3};
      }
    };
    InputCursor cursor = InputCursor.stream(arrays, a -> a.length, 2);
    InputChunk chunk = new InputChunk();
    assertTrue(cursor.claim(chunk));
    assertTrue(cursor.claim(chunk));
    assertFalse(cursor.claim(chunk));
    // the other instances, claiming after the end
    assertFalse(cursor.claim(chunk));
    assertFalse(cursor.claim(chunk));
    assertEquals(2, asked[0]);
  }
}
