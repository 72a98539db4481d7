package dev.sluice.spark.pipelines;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Remembers, per JVM, which keys were seen: the first attempt of a Spark task fails, its retry (same JVM in local mode) passes. */
public final class Once {
  private static final Set<Integer> SEEN = ConcurrentHashMap.newKeySet();

  private Once() {}

  /** True the first time {@code key} is asked for in this JVM. */
  public static boolean first(int key) {
    return SEEN.add(key);
  }
}
