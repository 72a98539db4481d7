package dev.sluice.runtime.opencl;

import com.aparapi.Kernel;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The host arrays a generated kernel's host code changed since the last launch, handed to Aparapi's
 * {@code put} right before the next launch ({@link #flush}, from {@link DeviceProgram#resetSlice}).
 *
 * <p>Aparapi's {@code put} adds the array to a set of its kernel runner, and only a launch that binds
 * that very array takes it out. A run that ended before its first launch (an empty input, a null
 * item, an input iterator that threw, a caller interrupted) left the arrays it had put in that set
 * for the kernel's life, about a kilobyte per such run (outside-in helper-110: 200,000 interrupted
 * runs filled a 512 MB heap); so did an array put and then replaced before a launch. Kept here by
 * field name, an array replaced before the launch is never put, and what a run that never launched
 * had changed (a {@code @Param} array it read) is put at the next run's first launch, so the device
 * still gets it.
 */
public final class PendingPuts {
  private final Map<String, Object> arrays = new LinkedHashMap<>();

  /** The array in {@code field} is to be copied to the device at the next launch. */
  public void put(String field, Object array) {
    arrays.put(field, array);
  }

  /** Puts every pending array on {@code kernel}: called right before a launch, which binds them all. */
  public void flush(Kernel kernel) {
    for (Object a : arrays.values()) {
      if (a instanceof int[] x) {
        kernel.put(x);
      } else if (a instanceof long[] x) {
        kernel.put(x);
      } else if (a instanceof float[] x) {
        kernel.put(x);
      } else if (a instanceof double[] x) {
        kernel.put(x);
      } else if (a instanceof byte[] x) {
        kernel.put(x);
      } else if (a instanceof char[] x) {
        kernel.put(x);
      } else if (a instanceof boolean[] x) {
        kernel.put(x);
      } else {
        throw new IllegalArgumentException("no kernel buffer is a " + a.getClass().getName() + " (a bug in Sluice)");
      }
    }
    arrays.clear();
  }
}
