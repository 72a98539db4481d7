package dev.sluice.runtime.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Iterator;
import org.junit.jupiter.api.Test;

/** The cursor over a stream of arrays calls the caller's iterator no more once it failed. */
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
}
