package dev.sluice.opencl;

/**
 * {@link CheckedRows}' item: a record whose constructor checks its arguments, which SLU618 allows.
 * In a file of its own: beside a node, javac would refuse its constructor (SLU314).
 */
public record Reading(int sensor, float value) {
  public Reading {
    if (sensor == Integer.MIN_VALUE) {
      // a checked exception no method declares (a sneaky throw, as Lombok's @SneakyThrows writes)
      throw Reading.<RuntimeException>sneaky(new java.io.IOException("sensor unreadable"));
    }
    if (sensor == Integer.MAX_VALUE) {
      throw new OutOfMemoryError("simulated: no room for a reading");
    }
    if (sensor < 0) {
      throw new IllegalArgumentException("negative sensor " + sensor);
    }
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> RuntimeException sneaky(Throwable t) throws T {
    throw (T) t;
  }
}
