package dev.sluice.spark;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The pipeline objects of this JVM (an executor, or the driver in local mode), one per recipe and
 * slot, built by the first task that needs one and reused by every later task: a pipeline object
 * compiles its OpenCL kernel once and keeps its device buffers, so building one per task would pay
 * that again each time. Concurrent tasks share the object (a pipeline object takes concurrent runs;
 * on OpenCL they take turns on the device). A build that fails is not kept: the next task tries again.
 */
final class ExecutorPipelines {
  /** A pipeline object and the name it is known by in outcomes: this JVM's executor and its build number. */
  record Built(Object pipeline, String name) {}

  private static final Map<String, Built> BUILT = new ConcurrentHashMap<>();
  private static final AtomicInteger BUILDS = new AtomicInteger();

  private ExecutorPipelines() {}

  static Built get(String key, String executor, Supplier<?> build) {
    return BUILT.computeIfAbsent(key, k -> {
      Object p = build.get();
      if (p == null) {
        throw new IllegalStateException("the pipeline factory returned null for " + k);
      }
      return new Built(p, executor + "#" + BUILDS.incrementAndGet());
    });
  }
}
