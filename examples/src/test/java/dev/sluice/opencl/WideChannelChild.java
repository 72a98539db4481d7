package dev.sluice.opencl;

import dev.sluice.runtime.Device;
import java.util.Arrays;

/**
 * Runs {@link WideChannel} on OpenCL {@code args[1]} times with {@code args[0]} work-groups, one pipeline
 * object for all the runs, and prints each run's item count and sum, or the error that ended it. Run in
 * a JVM of its own with a small heap by {@link KernelBuffersTest}.
 */
public final class WideChannelChild {
  private WideChannelChild() {}

  public static void main(String[] args) {
    int groups = Integer.parseInt(args[0]);
    int runs = Integer.parseInt(args[1]);
    WideChannelPipeline p = WideChannelPipeline.builder().device(Device.opencl()).instances(groups).build();
    StringBuilder out = new StringBuilder();
    for (int r = 0; r < runs; r++) {
      try {
        int[] got = p.runRange(0, 1000).out();
        out.append(got.length).append(' ').append(Arrays.stream(got).asLongStream().sum()).append('\n');
      } catch (RuntimeException | Error e) {
        out.append(e.getClass().getSimpleName()).append('\n');
      }
    }
    System.out.print(out);
  }
}
