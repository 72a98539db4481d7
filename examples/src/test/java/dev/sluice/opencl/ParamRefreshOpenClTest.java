package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameLongs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Each OpenCL run reads {@code @Param} values from the node objects its factories give for that run, as
 * the CPU back end does: new arrays, arrays changed in place, and new scalar values.
 */
class ParamRefreshOpenClTest {
  private static final int N = 1_500;

  private static int[] upTo(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    return a;
  }

  /** What the factories hand out now; the tests change it between runs. */
  private int[] ints = {1, 2, 3};
  private double[] doubles = {0.5, 1e9};

  private ParamArrays.Mix make() {
    return new ParamArrays.Mix(ints, new long[] {7}, new float[] {2f}, doubles, new byte[] {1, 2}, new boolean[] {true});
  }

  private long[] sorted(long[] a) {
    long[] s = a.clone();
    Arrays.sort(s);
    return s;
  }

  @Test
  void everyRunSeesTheFactorysData() {
    Device cl = OpenClAvailable.device();
    ParamArraysPipeline gpu = ParamArraysPipeline.builder().device(cl).mix(this::make).build();
    ParamArraysPipeline cpu = ParamArraysPipeline.builder().device(Device.cpu()).mix(this::make).build();
    int[] in = upTo(N);

    long[] first = gpu.run(in).out();
    assertSameLongs(cpu.run(in).out(), first, "first run");

    ints = new int[] {100, 200, 300, 400};
    var second = gpu.run(in);
    assertEquals(cl.name(), second.report().device());
    assertSameLongs(cpu.run(in).out(), second.out(), "a new array from the factory");
    assertNotEquals(Arrays.toString(sorted(first)), Arrays.toString(sorted(second.out())), "the data did change");

    ints[2] = -5_000;
    doubles[1] = -3e9;
    assertSameLongs(cpu.run(in).out(), gpu.run(in).out(), "arrays changed in place");

    ints = new int[0];
    assertSameLongs(cpu.run(in).out(), gpu.run(in).out(), "an array that became empty");

    ints = new int[] {9};
    assertSameLongs(cpu.run(in).out(), gpu.run(in).out(), "and non-empty again");
  }
}
