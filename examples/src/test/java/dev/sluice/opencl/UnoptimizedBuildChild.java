package dev.sluice.opencl;

import dev.sluice.runtime.Device;
import java.util.Arrays;

/**
 * For {@link UnoptimizedBuildTest}, in a JVM whose only OpenCL device is the one its environment names:
 * runs {@link LongOrder} on {@code cpu} and on that device and prints each result.
 */
public final class UnoptimizedBuildChild {
  private UnoptimizedBuildChild() {}

  public static void main(String[] args) {
    long[] in = {5, -7, 1000, Long.MIN_VALUE, Long.MAX_VALUE - 1, 42, Long.MAX_VALUE, -1, -3, 0,
        Long.MIN_VALUE + 6, 4294967296L, -4294967296L, 4294967295L};
    for (String device : new String[] {"cpu", "opencl"}) {
      LongOrderPipeline.Result r = LongOrderPipeline.builder().device(Device.named(device)).instances(1).build().run(in);
      long[] out = r.out();
      Arrays.sort(out);
      System.out.println(device + ": most " + r.orderMost() + ", least " + r.orderLeast() + ", below " + r.orderBelow()
          + ", out " + Arrays.toString(out));
    }
  }
}
