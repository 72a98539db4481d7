package dev.sluice.spark;

import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pipeline objects of this JVM (an executor, or the driver in local mode), one per recipe and
 * slot, built by the first task that needs one and reused by every later task: a pipeline object
 * compiles its OpenCL kernel once and keeps its device buffers, so building one per task would pay
 * that again each time. Concurrent tasks share the object (a pipeline object takes concurrent runs;
 * on OpenCL they take turns on the device). A build that fails is not kept: the next task tries again.
 * Each build is logged once at INFO, in the executor's log, with the device it is for and why.
 *
 * <p>At most {@link #KEPT} objects are kept, the least recently used let go first: each
 * {@code SluiceSpark} is a recipe of its own, so a job that makes one per micro-batch would otherwise
 * keep every one of them, and all its factory captured, for the executor's life. A task still
 * running with an object let go keeps it; a later task of its recipe builds it again.
 */
final class ExecutorPipelines {
  /** A pipeline object and the name it is known by in outcomes: this JVM's executor and its build number. */
  record Built(Object pipeline, String name) {}

  /** The most pipeline objects a JVM keeps. */
  static final int KEPT = 8;

  private static final Map<String, Built> BUILT = new ConcurrentHashMap<>();
  /** The keys of {@link #BUILT}, least recently used first; guarded by itself. */
  private static final LinkedHashSet<String> RECENT = new LinkedHashSet<>();
  private static final AtomicInteger BUILDS = new AtomicInteger();
  private static final Logger LOG = LoggerFactory.getLogger(ExecutorPipelines.class);

  private ExecutorPipelines() {}

  /** The pipeline object for {@code key}, built now if this JVM has none; {@code line} says what was built, for the log. */
  static Built get(String key, String executor, Supplier<?> build, Function<String, String> line) {
    Built built = BUILT.computeIfAbsent(key, k -> {
      Object p = build.get();
      if (p == null) {
        throw new IllegalStateException("the pipeline factory returned null for " + k);
      }
      Built b = new Built(p, executor + "#" + BUILDS.incrementAndGet());
      LOG.info(line.apply(b.name()));
      return b;
    });
    synchronized (RECENT) {
      RECENT.remove(key);
      RECENT.add(key);
      for (Iterator<String> oldest = RECENT.iterator(); RECENT.size() > KEPT; ) {
        BUILT.remove(oldest.next());
        oldest.remove();
      }
    }
    return built;
  }

  /** Whether this JVM keeps a pipeline object for {@code key} (for tests). */
  static boolean keeps(String key) {
    return BUILT.containsKey(key);
  }
}
