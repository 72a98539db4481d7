package dev.sluice.examples.filters;

import dev.sluice.runtime.Device;
import java.util.Arrays;
import java.util.Iterator;

/**
 * A stream of {@code args[1]} ints (0, 1, 2, ...) in arrays of 4,096 through {@link FilterChain} with
 * {@code runChunks} on {@code args[0]} ({@code opencl} or {@code cpu}); prints the kept items' count and
 * sum. Run in a JVM of its own with a small heap by {@link StreamHeapTest}.
 */
public final class StreamHeapChild {
  private StreamHeapChild() {}

  public static void main(String[] args) {
    int n = Integer.parseInt(args[1]);
    Device device = args[0].equals("opencl") ? Device.opencl() : Device.cpu();
    FilterChainPipeline p = FilterChainPipeline.builder().small(() -> new Below(StreamHeapTest.BOUND)).device(device)
        .build();
    Iterator<int[]> arrays = new Iterator<>() {
      private int next;

      @Override
      public boolean hasNext() {
        return next < n;
      }

      @Override
      public int[] next() {
        int[] a = new int[Math.min(4_096, n - next)];
        for (int k = 0; k < a.length; k++) {
          a[k] = next + k;
        }
        next += a.length;
        return a;
      }
    };
    int[] kept = p.runChunks(arrays).kept();
    System.out.println(kept.length + " " + Arrays.stream(kept).asLongStream().sum());
  }
}
