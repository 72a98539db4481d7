package dev.sluice.bench;

import com.aparapi.Kernel;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * Reads what a generated pipeline object keeps for OpenCL: its kernel (a private field the generated
 * class holds once the first OpenCL run made it). The run report does not carry device buffer sizes,
 * so the benchmark sums the kernel's array fields (its device buffers, {@code @Local} arrays and the
 * host-side {@code acc_} accumulators excepted) by reflection.
 */
final class SluiceKernels {
  private SluiceKernels() {}

  static Kernel kernelOf(Object pipeline) {
    try {
      Field f = pipeline.getClass().getDeclaredField("kernel");
      f.setAccessible(true);
      return (Kernel) f.get(pipeline);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** Bytes of the device buffers of {@code pipeline}'s kernel; 0 when it has none yet. */
  static long deviceBytes(Object pipeline) {
    Kernel k = kernelOf(pipeline);
    if (k == null) {
      return 0;
    }
    long bytes = 0;
    for (Field f : k.getClass().getDeclaredFields()) {
      if (!f.getType().isArray() || Modifier.isStatic(f.getModifiers()) || f.getName().startsWith("acc_")
          || f.isAnnotationPresent(Kernel.Local.class)) {
        continue;
      }
      try {
        f.setAccessible(true);
        Object a = f.get(k);
        if (a != null) {
          bytes += (long) java.lang.reflect.Array.getLength(a) * elementBytes(f.getType().getComponentType());
        }
      } catch (ReflectiveOperationException | RuntimeException e) {
        // not readable: leave it out
      }
    }
    return bytes;
  }

  private static int elementBytes(Class<?> c) {
    if (c == long.class || c == double.class) {
      return 8;
    }
    if (c == int.class || c == float.class) {
      return 4;
    }
    if (c == short.class || c == char.class) {
      return 2;
    }
    return 1;
  }
}
