package dev.sluice.runtime.cpu;

/**
 * The typed half of a pipeline instance, written by the processor: it reads items out of the typed
 * queues and calls the user's node methods. The {@link dev.sluice.runtime.protocol.Scheduler} decides what runs when; these
 * methods only do what they are told.
 */
public interface StageBodies {
  /** Source: pushes input items {@code from .. from+count-1} of a claimed chunk downstream. */
  void produce(Object data, long base, int from, int count);

  /**
   * Transform node {@code stage}: runs up to {@code limit} items starting {@code offset} items past
   * the head of its input queue; returns how many it ran (fewer only when a user signal was raised).
   */
  int process(int stage, int offset, int limit);

  /**
   * Enumerator {@code stage}: stores the parent {@code offset} items past its queue head in parent
   * slot {@code slot} and returns its element count.
   */
  int open(int stage, int offset, int slot);

  /** Calls handler {@code handler} of node {@code stage} for a signal (parent slot or payload). */
  void handle(int stage, int handler, int slot, Object payload);

  /** The elements channel of enumerator {@code stage}. */
  IntChannel elements(int stage);

  /** The parent in slot {@code slot} of region {@code region}'s parent buffer, for failure messages; null if none. */
  default Object parent(int region, int slot) {
    return null;
  }
}
