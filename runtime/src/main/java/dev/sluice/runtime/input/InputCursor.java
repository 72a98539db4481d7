package dev.sluice.runtime.input;

import dev.sluice.runtime.ProgressListener;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.ToIntFunction;

/** The shared cursor pipeline instances claim input chunks from. Thread-safe. */
public interface InputCursor {
  /**
   * Fills {@code chunk} with the next unclaimed range; false when the input is exhausted, or (a stream
   * of arrays) when the thread was interrupted while it waited for another instance's claim, with its
   * interrupt flag left set, so that the run fails as interrupted rather than ending short.
   */
  boolean claim(InputChunk chunk);

  /** The number of input items, or {@link ProgressListener#UNKNOWN} (a stream). */
  default long total() {
    return ProgressListener.UNKNOWN;
  }

  /** Items in each of {@code parts} pieces of {@code total} items: {@code ceil(total / parts)}, at least 1. */
  static long pieceSize(long total, long parts) {
    return Math.max(1, (total + parts - 1) / parts);
  }

  /**
   * This cursor's chunks cut into pieces that shrink as the input drains: each claim takes at most
   * {@code ceil(unclaimed / parts)} items, so that an input of few items, each a lot of work (BLAST's
   * database chunks), is shared by {@code parts / PIECES_PER_INSTANCE} instances instead of claimed
   * whole by the first, and the last pieces are small enough that no instance is left running one
   * large piece while the others have nothing (a fixed piece of {@code total / parts} items leaves
   * up to one piece of work on one instance at the end). A cursor of unknown total (a stream) is
   * returned as it is.
   */
  default InputCursor inPieces(int parts) {
    long total = total();
    if (total == ProgressListener.UNKNOWN || total <= 0) {
      return this;
    }
    InputCursor inner = this;
    return new InputCursor() {
      private final InputChunk pending = new InputChunk();
      private long unclaimed = total;

      @Override
      public synchronized boolean claim(InputChunk chunk) {
        if (pending.remaining() == 0 && !inner.claim(pending)) {
          return false;
        }
        int piece = (int) Math.min(pieceSize(unclaimed, parts), Integer.MAX_VALUE);
        chunk.data = pending.data;
        chunk.base = pending.base;
        chunk.offset = pending.offset;
        chunk.pos = pending.pos;
        chunk.start = chunk.pos;
        chunk.end = (int) Math.min(pending.end, (long) pending.pos + piece);
        pending.pos = chunk.end;
        unclaimed -= chunk.end - chunk.start;
        return true;
      }

      @Override
      public long total() {
        return total;
      }
    };
  }

  /**
   * Whether a new cursor over the same input would read it all again: true for arrays, record columns
   * and ranges; false for a stream once it has pulled an array from its iterator, which gives each
   * array once. A back end that gives way to another after a failure may do so only while this holds.
   */
  default boolean readableAgain() {
    return true;
  }

  /**
   * The run stopped because an instance failed (or its progress listener did): later claims return
   * false without calling the caller's code, and a thread blocked in a stream's iterator meanwhile
   * (a {@code BlockingQueue.take()} waiting for a producer) is interrupted there, so that the run
   * fails now rather than when the next array comes. In-memory inputs have nothing to wake.
   */
  default void stop() {}

  /** Pieces per instance {@link #inPieces} cuts the input into at first (later pieces are smaller). */
  int PIECES_PER_INSTANCE = 8;

  /** Chunks of one in-memory input of {@code length} items (an array or record columns). */
  static InputCursor of(Object data, int length, int chunkSize) {
    return of(data, 0, length, chunkSize);
  }

  /**
   * Chunks of items {@code [from, to)} of one in-memory input (an array or record columns), the caller
   * having checked the range; positions in messages are indices of that input.
   */
  static InputCursor of(Object data, int from, int to, int chunkSize) {
    AtomicLong next = new AtomicLong(from);
    return new InputCursor() {
      @Override
      public boolean claim(InputChunk chunk) {
        long at = next.getAndAdd(chunkSize);
        if (at >= to) {
          return false;
        }
        chunk.data = data;
        chunk.base = 0;
        chunk.offset = 0;
        chunk.pos = (int) at;
        chunk.start = chunk.pos;
        chunk.end = (int) Math.min(at + chunkSize, to);
        return true;
      }

      @Override
      public long total() {
        return to - from;
      }
    };
  }

  /** Chunks of the index range {@code [from, to)}, empty when {@code to <= from}; items are {@code base + pos}. */
  static InputCursor range(long from, long to, int chunkSize) {
    // to - from overflows a long (to it wraps negative) for a range wider than Long.MAX_VALUE
    if (to > from && (to - from < 0 || to - from > Integer.MAX_VALUE)) {
      throw new IllegalArgumentException("range [" + from + ", " + to + ") is longer than "
          + Integer.MAX_VALUE + " items; split it into several runs or a chunked stream");
    }
    InputCursor inner = of(null, to <= from ? 0 : (int) (to - from), chunkSize);
    return new InputCursor() {
      @Override
      public boolean claim(InputChunk chunk) {
        if (!inner.claim(chunk)) {
          return false;
        }
        chunk.base = from;
        return true;
      }

      @Override
      public long total() {
        return inner.total();
      }
    };
  }

  /**
   * Chunks of a stream of arrays, pulled one array at a time under a lock, so only the arrays being
   * worked on are in memory. The iterator is the caller's code and may block (a queue, a socket): an
   * instance waiting for the lock meanwhile stops waiting when its thread is interrupted (a cancelled
   * run), and claims nothing, with the flag left set for the run to see; so does one whose iterator
   * returns an empty array while its thread is interrupted.
   */
  static <A> InputCursor stream(Iterator<A> arrays, ToIntFunction<A> length, int chunkSize) {
    return new InputCursor() {
      private final ReentrantLock lock = new ReentrantLock();
      private A current;
      private int length0;
      private int next;
      private long offset;
      /** The iterator threw: one failure, told once; no instance calls it again. */
      private boolean failed;
      /**
       * {@code hasNext()} said false: the input ended, and no instance asks again. An iterator may say
       * true again later (a queue polled with a timeout, once it is fed again): asked by each instance
       * as it ran dry, it gave a run more input with more instances, on OpenCL than on one CPU
       * instance, and kept a run on a live source going forever (outside-in helper-141).
       */
      private boolean ended;
      /** An array was pulled: the iterator will not give it again. */
      private volatile boolean pulled;
      /** Guards {@link #pulling} and {@link #woken}, apart from the lock a pull holds for its whole call. */
      private final Object pulls = new Object();
      /** The run stopped ({@link #stop}): the iterator is not called again. */
      private volatile boolean stopped;
      /** The thread inside the caller's iterator now, or null. */
      private Thread pulling;
      /** {@link #stop} interrupted {@link #pulling}: the flag is cleared again when the call returns. */
      private boolean woken;

      @Override
      public void stop() {
        synchronized (pulls) {
          stopped = true;
          if (pulling != null && !woken) {
            woken = true;
            pulling.interrupt();
          }
        }
      }

      @Override
      public boolean readableAgain() {
        return !pulled;
      }

      @Override
      public boolean claim(InputChunk chunk) {
        try {
          lock.lockInterruptibly();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
        try {
          return claimLocked(chunk);
        } finally {
          lock.unlock();
        }
      }

      private boolean claimLocked(InputChunk chunk) {
        if (failed || stopped || ended) {
          // the iterator failed an instance already, or another instance did: either fails the run,
          // so the iterator is not called again; nor once it said the input ended
          return false;
        }
        while (current == null || next >= length0) {
          if (current != null) {
            offset += length0;
          }
          A previous = current;
          synchronized (pulls) {
            if (stopped) {
              return false;
            }
            pulling = Thread.currentThread();
          }
          try {
            if (!arrays.hasNext()) {
              current = null;
              ended = true;
              return false;
            }
            pulled = true;
            current = arrays.next();
          } catch (Throwable t) {
            current = null;
            if (stopped) {
              // the run had already failed, and this is the iterator answering the interrupt that
              // stop() sent it: the first failure is the run's, not this
              return false;
            }
            // the caller's code, on an instance's thread: whatever it throws (a checked exception
            // too) must fail the run, named by the driver, not end this instance as if input ran out
            failed = true;
            throw new InputFailure(offset, t);
          } finally {
            synchronized (pulls) {
              pulling = null;
              if (woken) {
                // the interrupt was stop()'s, not the thread's owner's: the caller's thread (the first
                // instance runs on it) must not come out of a failed run with its flag set
                woken = false;
                Thread.interrupted();
              }
            }
          }
          if (stopped) {
            // pulled as the run failed: the run's outcome is that failure, and this array is not run
            current = null;
            return false;
          }
          if (current == null) {
            failed = true;
            throw new InputFailure(offset, new NullPointerException("the input iterator returned null instead of"
                + " an array"));
          }
          int items;
          try {
            items = length.applyAsInt(current);
          } catch (ClassCastException e) {
            // a raw or unchecked Iterator: the generated length function casts to the source's array type
            Object wrong = current;
            current = null;
            failed = true;
            // an anonymous or local class has no simple name to give
            String type = wrong.getClass().getSimpleName().isEmpty() ? wrong.getClass().getName()
                : wrong.getClass().getSimpleName();
            ClassCastException named = new ClassCastException("the input iterator returned "
                + ("AEIOUaeiou".indexOf(type.charAt(0)) >= 0 ? "an " : "a ") + type + ", not an array of the source's items (" + e.getMessage() + ")");
            named.initCause(e);
            throw new InputFailure(offset, named);
          }
          if (current == previous && items > 0) {
            // other instances may still be reading it: refilled in place, their items would be lost
            // or doubled, on some runs and not others
            current = null;
            failed = true;
            throw new InputFailure(offset, new IllegalStateException("the input iterator returned the same array"
                + " object as before; return a new array from each next(): the pipeline's instances may still be"
                + " reading the one before"));
          }
          length0 = items;
          next = 0;
          if (length0 == 0 && Thread.currentThread().isInterrupted()) {
            // an iterator that answers an interrupt with empty arrays ("nothing now") would keep this
            // loop pulling forever: a cancelled run claims nothing, the flag left set for it to see
            return false;
          }
        }
        chunk.data = current;
        chunk.base = 0;
        chunk.offset = offset;
        chunk.pos = next;
        chunk.start = next;
        chunk.end = Math.min(next + chunkSize, length0);
        next = chunk.end;
        return true;
      }
    };
  }
}
