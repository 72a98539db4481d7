package dev.sluice.runtime.cpu;

/**
 * The open parents of one region in one pipeline instance: a slot per parent with a reference count
 * equal to the region's terminal nodes. The items themselves live in typed arrays of the generated
 * instance, indexed by slot. When a slot frees, a head blocked on the full buffer is unblocked.
 */
final class ParentBuffer {
  private final int[] refs;
  private final int[] free;
  private int freeCount;
  /** The enumerator blocked waiting for a slot, or -1. */
  int waiter = -1;

  ParentBuffer(int size) {
    refs = new int[size];
    free = new int[size];
    for (int i = 0; i < size; i++) {
      free[i] = size - 1 - i;
    }
    freeCount = size;
  }

  /** A free slot holding {@code references} references, or -1 when the buffer is full. */
  int allocate(int references) {
    if (freeCount == 0) {
      return -1;
    }
    int s = free[--freeCount];
    refs[s] = references;
    return s;
  }

  /** Drops one reference; returns true when the slot became free. */
  boolean release(int slot) {
    if (refs[slot] <= 0) {
      throw new IllegalStateException("parent slot " + slot + " released more often than referenced");
    }
    if (--refs[slot] == 0) {
      free[freeCount++] = slot;
      return true;
    }
    return false;
  }

  int open() {
    return refs.length - freeCount;
  }
}
