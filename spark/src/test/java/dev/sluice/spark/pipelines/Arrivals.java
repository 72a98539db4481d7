package dev.sluice.spark.pipelines;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts, per JVM, how often this probe arrived by deserialization. Captured by a pipeline factory,
 * it shows how often the factory reached an executor (a broadcast value: once); captured by a task's
 * closure, once per task.
 */
public final class Arrivals implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final Map<String, AtomicInteger> COUNTS = new ConcurrentHashMap<>();

  private final String id;

  public Arrivals(String id) {
    this.id = id;
  }

  /** How often this probe was deserialized in this JVM so far. */
  public int count() {
    return count(id);
  }

  /**
   * How often the probe {@code id} was deserialized in this JVM so far; a closure that reads another's
   * count captures only its id, so that reading it does not bring that probe along.
   */
  public static int count(String id) {
    AtomicInteger n = COUNTS.get(id);
    return n == null ? 0 : n.get();
  }

  public String id() {
    return id;
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    COUNTS.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
  }
}
