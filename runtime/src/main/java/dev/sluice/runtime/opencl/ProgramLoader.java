package dev.sluice.runtime.opencl;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Makes a generated pipeline's kernel object, {@code <Name>Pipeline_Kernel}, for the pipeline object
 * that runs it. The pipeline class names its kernel nowhere in its source: the processor writes the
 * pipeline class from the declarations alone and the kernel a round later, from the node bodies, so
 * that a compile error in a body is reported once, where it is, and not again as a missing class in
 * generated code. The lookup comes from the pipeline class, so the kernel, package-private beside it,
 * is reached with the pipeline's own access, in a named module too. A kernel translated from other
 * sources than the node classes loaded now is refused ({@link SourceStamps}).
 */
public final class ProgramLoader {
  private ProgramLoader() {}

  /** The suffix of a pipeline class's kernel class name. */
  public static final String KERNEL_SUFFIX = "_Kernel";

  /**
   * A new kernel object for {@code pipeline}, an instance of {@code lookup}'s class, made by the
   * kernel's constructor that takes the pipeline.
   */
  public static DeviceProgram load(MethodHandles.Lookup lookup, Object pipeline) {
    Class<?> api = lookup.lookupClass();
    String name = api.getName() + KERNEL_SUFFIX;
    Object program;
    try {
      Class<?> kernel = lookup.findClass(name);
      program = lookup.findConstructor(kernel, MethodType.methodType(void.class, api)).invoke(pipeline);
    } catch (ClassNotFoundException | NoSuchMethodException | IllegalAccessException e) {
      throw new IllegalStateException("pipeline " + api.getName() + " has no usable kernel class " + name
          + " (the processor writes it with the pipeline; was the build complete?): " + e, e);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("making " + name + " failed: " + e, e);
    }
    DeviceProgram made = (DeviceProgram) program;
    SourceStamps.check(api, made.translatedFrom());
    return made;
  }
}
