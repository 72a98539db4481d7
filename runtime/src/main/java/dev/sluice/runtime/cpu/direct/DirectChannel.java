package dev.sluice.runtime.cpu.direct;

import dev.sluice.runtime.MaxExceededException;

/**
 * The bookkeeping of an output channel of the direct executor: the pushes so far ({@link #total}).
 * A channel whose pushes wait in a per-call {@code Held_s_c} object adds that call's count with
 * {@link #counted}, where the call's pushes are handed on, or, inside the loop of {@code produce} or
 * of an enumerator, the count of the whole loop once it ends. A channel that holds them in its own
 * array counts every push and remembers where the current item's began, so its {@code push} checks
 * {@code @Max} with one subtraction against a constant: {@code if (++total - mark > MAX) throw overMax(MAX)}.
 */
public abstract class DirectChannel {
  private final String name;
  /** Pushes so far; the stage's items out in the report. */
  protected long total;
  /** {@link #total} when the current input item (or handled signal) began. */
  protected long mark;

  protected DirectChannel(String name) {
    this.name = name;
  }

  /** Starts counting toward {@code @Max} for the next input item or signal. */
  public final void beginItem() {
    mark = total;
  }

  /** Counts {@code n} pushes at once: one call's held pushes, a loop's, or the source's items of one piece. */
  public final void counted(long n) {
    total += n;
  }

  /** The failure of a push beyond {@code max} for one item; that push is not counted. */
  protected final MaxExceededException overMax(int max) {
    total--;
    return new MaxExceededException(name, max);
  }

  /**
   * The failure of a push through a per-call {@code Held_s_c} object that takes no more: {@code count}
   * is -1 once the call that received the channel has returned (a push through a reference kept past
   * it), else the call's pushes already reached {@code max}. Made here, not in the generated
   * {@code push}, to keep that method small enough for the JIT to inline at every call site (a
   * {@code push} of 73 bytes was left a call in some JVMs on JDK 25, and its per-call object then
   * allocated at every item).
   */
  public static RuntimeException refused(int count, String channel, int max) {
    return count < 0
        ? new IllegalStateException("pushed to channel '" + channel + "' after the call that received it returned:"
            + " a channel is valid only during that call")
        : new MaxExceededException(channel, max);
  }

  public final String name() {
    return name;
  }

  public final long total() {
    return total;
  }
}
