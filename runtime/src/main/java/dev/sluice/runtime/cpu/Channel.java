package dev.sluice.runtime.cpu;

import dev.sluice.runtime.MaxExceededException;

/**
 * An output channel of a node in one pipeline instance. It counts pushes per input item against the
 * channel's {@code @Max} and in total; typed subclasses write the items into the queues (and sink
 * buffers) of the channel's edges.
 */
public abstract class Channel {
  private final String name;
  private final int max;
  private int pushedForItem;
  private long total;

  protected Channel(String name, int max) {
    this.name = name;
    this.max = max;
  }

  /** Starts counting toward {@code @Max} for the next input item or signal. */
  public final void beginItem() {
    pushedForItem = 0;
  }

  protected final void count() {
    total++;
    if (++pushedForItem > max) {
      pushedForItem--;
      total--;
      throw new MaxExceededException(name, max);
    }
  }

  /**
   * Counts {@code n} pushes of one input item (or of the source) at once, if they fit under
   * {@code @Max}; false (counting nothing) if they do not, so the caller pushes them one by one and
   * fails at the same item as {@code n} single pushes would.
   */
  protected final boolean countBulk(int n) {
    if (max != Integer.MAX_VALUE && n > max - pushedForItem) {
      return false;
    }
    // with no @Max the single pushes never fail; the counter wraps exactly as they would wrap it
    pushedForItem += n;
    total += n;
    return true;
  }

  public final String name() {
    return name;
  }

  public final long total() {
    return total;
  }
}
