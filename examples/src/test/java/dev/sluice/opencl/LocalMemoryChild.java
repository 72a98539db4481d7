package dev.sluice.opencl;

import dev.sluice.runtime.Device;

/**
 * For {@link LocalMemoryTest}, in a JVM whose only OpenCL device (Oclgrind) has less local memory than
 * {@link LongOrder}'s kernel needs: prints how a run on it ends, and the CPU's result after.
 */
public final class LocalMemoryChild {
  private LocalMemoryChild() {}

  public static void main(String[] args) {
    long[] in = {1, 2, 3};
    try {
      LongOrderPipeline.builder().device(Device.named("opencl")).build().run(in);
      System.out.println("ran");
    } catch (RuntimeException e) {
      System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
    System.out.println("cpu: " + LongOrderPipeline.builder().device(Device.cpu()).build().run(in).out().length);
  }
}
