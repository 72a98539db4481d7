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

  @Test
  void onlyArraysThatChangedAreCopiedToTheDevice() {
    Device cl = OpenClAvailable.device();
    ParamArraysPipeline gpu = ParamArraysPipeline.builder().device(cl).mix(this::make).build();
    ParamArraysPipeline cpu = ParamArraysPipeline.builder().device(Device.cpu()).mix(this::make).build();
    int[] in = upTo(N);
    // the class's kernel may be kept from another test, with other arrays: released, it is built again
    gpu.close();
    // the first run copies every array: 3 ints, 1 long, 1 float, 2 doubles, 2 bytes, 1 boolean
    var first = gpu.run(in);
    assertEquals(3 * 4 + 8 + 4 + 2 * 8 + 2 + 1, first.report().deviceUse().paramBytes());

    var same = gpu.run(in);
    assertEquals(0, same.report().deviceUse().paramBytes(), "nothing changed: nothing copied");
    assertSameLongs(cpu.run(in).out(), same.out(), "unchanged");

    ints = ints.clone();
    doubles = doubles.clone();
    assertEquals(0, gpu.run(in).report().deviceUse().paramBytes(), "new arrays with the same contents are not copied");

    ints[1] = 77;
    var inPlace = gpu.run(in);
    assertEquals(3 * 4, inPlace.report().deviceUse().paramBytes(), "only the int array changed in place");
    assertSameLongs(cpu.run(in).out(), inPlace.out(), "after the change in place");

    doubles[0] = 0.0;
    assertEquals(2 * 8, gpu.run(in).report().deviceUse().paramBytes(), "0.5 became 0.0");
    doubles[0] = -0.0;
    var negativeZero = gpu.run(in);
    assertEquals(2 * 8, negativeZero.report().deviceUse().paramBytes(), "-0.0 differs from 0.0 bit for bit");
    assertSameLongs(cpu.run(in).out(), negativeZero.out(), "after -0.0");
    doubles[0] = 1.0;
    doubles[0] = -0.0;
    assertEquals(0, gpu.run(in).report().deviceUse().paramBytes(), "written back to what the device holds");
  }
}
