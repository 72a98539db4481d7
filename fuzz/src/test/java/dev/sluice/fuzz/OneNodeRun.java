package dev.sluice.fuzz;

import dev.sluice.runtime.Device;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.function.Supplier;

/**
 * Runs a generated pipeline of one node over the ints {@code 0 .. n-1} by reflection (its classes
 * live in the compiler's class loader): the node made by its one constructor from {@code args}, on
 * {@code device}; the sink's items come back.
 */
public final class OneNodeRun {
  private OneNodeRun() {}

  public static Iterable<?> run(InProcessCompiler.Compiled compiled, String pipeline, String node, String stage,
      Object[] args, Device device, int n) throws Exception {
    Constructor<?> ctor = compiled.load(node).getDeclaredConstructors()[0];
    ctor.setAccessible(true);
    Supplier<Object> make = () -> {
      try {
        return ctor.newInstance(args);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    };
    Object builder = compiled.load(pipeline).getMethod("builder").invoke(null);
    for (Method m : builder.getClass().getMethods()) {
      if (m.getName().equals(stage) && m.getParameterCount() == 1) {
        builder = m.invoke(builder, make);
        break;
      }
    }
    builder = builder.getClass().getMethod("device", Device.class).invoke(builder, device);
    Object built = builder.getClass().getMethod("build").invoke(builder);
    int[] in = new int[n];
    for (int k = 0; k < n; k++) {
      in[k] = k;
    }
    Object result = built.getClass().getMethod("run", int[].class).invoke(built, (Object) in);
    return (Iterable<?>) result.getClass().getMethod("out").invoke(result);
  }
}
