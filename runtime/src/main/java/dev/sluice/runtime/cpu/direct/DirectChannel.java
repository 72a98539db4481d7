package dev.sluice.runtime.cpu.direct;

import dev.sluice.runtime.cpu.MaxExceededException;

/**
 * The bookkeeping of an output channel of the direct executor: the pushes so far. A node that raises
 * no signals hands its pushes on only when its method returns, so the generated channel's held count
 * is the current item's pushes: {@code push} checks {@code @Max} as {@code if (count == MAX) throw
 * tooMany(MAX)} and {@code pass} adds the count to {@link #total}. A node that raises signals hands
 * its pushes on before each signal too, so its channels count every push and remember where the
 * current item's began: {@code if (++total - mark > MAX) throw overMax(MAX)}.
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

  /** The failure of a push beyond {@code max} for one item; that push is not counted. */
  protected final MaxExceededException overMax(int max) {
    total--;
    return new MaxExceededException(name, max);
  }

  /** The failure of a push beyond {@code max} for one item, in a channel that counts per item. */
  protected final MaxExceededException tooMany(int max) {
    return new MaxExceededException(name, max);
  }

  public final String name() {
    return name;
  }

  public final long total() {
    return total;
  }
}
