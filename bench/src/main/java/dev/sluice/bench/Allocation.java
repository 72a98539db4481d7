package dev.sluice.bench;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The bytes the JVM's threads allocated between two points, where that can be known exactly: the
 * heap pools' figures move by whole G1 regions (4 MiB on the bench's machine), so a run that needs
 * less than a region reads 0 or 4 MiB there, as its allocations fall; a thread's allocation counter
 * moves by the byte. Exact only if no thread ended in between (an ended thread's count is gone) and
 * every thread started in between is still alive; otherwise there is no answer. What taking the two
 * counts allocates itself (the thread list, the map) is measured once and left out.
 */
final class Allocation {
  /** The JVM's per-thread allocation counters; null where it has none. */
  private static final com.sun.management.ThreadMXBean THREADS = counters();

  /** The heap's region size (G1's {@code G1HeapRegionSize}), the step of its pools' figures; 0 if unknown. */
  static final long REGION = regionSize();

  /** What one {@link #now()} and {@link #since} allocate themselves, on the calling thread. */
  private static final long OWN = own();

  private final Map<Long, Long> bytes;
  private final long started;

  private Allocation(Map<Long, Long> bytes, long started) {
    this.bytes = bytes;
    this.started = started;
  }

  private static com.sun.management.ThreadMXBean counters() {
    try {
      return ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t
          && t.isThreadAllocatedMemorySupported() ? t : null;
    } catch (RuntimeException | LinkageError e) {
      return null;
    }
  }

  private static long regionSize() {
    try {
      return Long.parseLong(ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
          .getVMOption("G1HeapRegionSize").getValue());
    } catch (RuntimeException | LinkageError e) {
      return 0;
    }
  }

  /** The least of a few readings of two counts taken back to back: the counting's own allocation. */
  private static long own() {
    long least = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      Allocation a = now();
      OptionalLong b = a == null ? OptionalLong.empty() : now().between(a);
      if (b.isPresent()) {
        least = Math.min(least, b.getAsLong());
      }
    }
    return least == Long.MAX_VALUE ? 0 : least;
  }

  /** The counts now; null where the JVM does not count allocation per thread. */
  static Allocation now() {
    if (THREADS == null || !THREADS.isThreadAllocatedMemoryEnabled()) {
      return null;
    }
    long started = THREADS.getTotalStartedThreadCount();
    long[] ids = THREADS.getAllThreadIds();
    long[] counts = THREADS.getThreadAllocatedBytes(ids);
    Map<Long, Long> bytes = new HashMap<>();
    for (int i = 0; i < ids.length; i++) {
      if (counts[i] >= 0) {
        bytes.put(ids[i], counts[i]);
      }
    }
    return new Allocation(bytes, started);
  }

  /**
   * Bytes allocated on all threads from {@code before} to this point, the counting's own left out;
   * empty when it cannot be known ({@code before} null: no counters).
   */
  OptionalLong since(Allocation before) {
    OptionalLong b = between(before);
    return b.isPresent() ? OptionalLong.of(Math.max(0, b.getAsLong() - OWN)) : b;
  }

  private OptionalLong between(Allocation before) {
    if (before == null) {
      return OptionalLong.empty();
    }
    long sum = 0;
    int fresh = 0;
    for (Map.Entry<Long, Long> b : before.bytes.entrySet()) {
      Long now = bytes.get(b.getKey());
      if (now == null) {
        return OptionalLong.empty();
      }
      sum += now - b.getValue();
    }
    for (Map.Entry<Long, Long> a : bytes.entrySet()) {
      if (!before.bytes.containsKey(a.getKey())) {
        fresh++;
        sum += a.getValue();
      }
    }
    // a thread that started and ended in between took its count with it
    return started - before.started == fresh ? OptionalLong.of(sum) : OptionalLong.empty();
  }
}
