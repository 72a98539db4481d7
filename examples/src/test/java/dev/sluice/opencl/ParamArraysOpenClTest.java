package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameLongs;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.aparapi.device.JavaDevice;
import com.aparapi.internal.kernel.KernelManager;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@code @Param} arrays of every element type may be empty on OpenCL, and a kernel that failed on the
 * device does not keep later runs of its pipeline class off it.
 */
class ParamArraysOpenClTest {
  private static final int N = 2_000;

  private static int[] upTo(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    return a;
  }

  /** Arrays of 3 elements each, except those whose bit is set in {@code empty}. */
  static ParamArrays.Mix mix(int empty) {
    int n0 = (empty & 1) != 0 ? 0 : 3;
    int n1 = (empty & 2) != 0 ? 0 : 3;
    int n2 = (empty & 4) != 0 ? 0 : 3;
    int n3 = (empty & 8) != 0 ? 0 : 3;
    int n4 = (empty & 16) != 0 ? 0 : 3;
    int n5 = (empty & 32) != 0 ? 0 : 3;
    int[] ints = new int[n0];
    long[] longs = new long[n1];
    float[] floats = new float[n2];
    double[] doubles = new double[n3];
    byte[] bytes = new byte[n4];
    boolean[] flags = new boolean[n5];
    for (int i = 0; i < 3; i++) {
      if (n0 > 0) {
        ints[i] = 11 * (i + 1);
      }
      if (n1 > 0) {
        longs[i] = 1L << (33 + i);
      }
      if (n2 > 0) {
        floats[i] = 2.5f * i;
      }
      if (n3 > 0) {
        doubles[i] = 1e10 * i;
      }
      if (n4 > 0) {
        bytes[i] = (byte) (-5 * i);
      }
      if (n5 > 0) {
        flags[i] = i != 1;
      }
    }
    return new ParamArrays.Mix(ints, longs, floats, doubles, bytes, flags);
  }

  private static void sameOnBoth(Device cl, Supplier<ParamArrays.Mix> nodes, String what) {
    var gpu = ParamArraysPipeline.builder().device(cl).mix(nodes).build().run(upTo(N));
    var cpu = ParamArraysPipeline.builder().device(Device.cpu()).mix(nodes).build().run(upTo(N));
    assertEquals(cl.name(), gpu.report().device(), what);
    assertEquals(N, cpu.out().length, what);
    assertSameLongs(cpu.out(), gpu.out(), what);
  }

  @Test
  void emptyArraysOfEveryElementTypeWork() {
    Device cl = OpenClAvailable.device();
    String[] types = {"int", "long", "float", "double", "byte", "boolean"};
    for (int t = 0; t < types.length; t++) {
      int empty = 1 << t;
      sameOnBoth(cl, () -> mix(empty), "an empty " + types[t] + "[]");
    }
    sameOnBoth(cl, () -> mix(63), "every array empty");
    sameOnBoth(cl, () -> mix(0), "no array empty");
  }

  @Test
  void aRunAfterAnEmptyArrayRunsOnTheDeviceWithNewObjects() {
    // before the fix the empty array failed inside Aparapi (clCreateBuffer of 0 bytes), and every later
    // run of the class failed with "user supplied Device incompatible", even with non-empty arrays
    Device cl = OpenClAvailable.device();
    sameOnBoth(cl, () -> mix(1), "empty ints first");
    sameOnBoth(cl, () -> mix(0), "then a new pipeline object with non-empty arrays");
  }

  @Test
  void aDeviceAparapiMarkedFailedForTheClassIsUsedAgain() {
    // what Aparapi's fallback leaves after any failed launch: the device is gone from the kernel class's
    // preferences, for every later kernel object of that class
    Device cl = OpenClAvailable.device();
    ParamArraysPipeline p = ParamArraysPipeline.builder().device(cl).mix(() -> mix(0)).build();
    KernelManager.instance().setPreferredDevices(new ParamArraysPipeline_Kernel(p),
        new LinkedHashSet<>(List.of(JavaDevice.THREAD_POOL)));
    var gpu = p.run(upTo(N));
    assertEquals(cl.name(), gpu.report().device());
    var cpu = ParamArraysPipeline.builder().device(Device.cpu()).mix(() -> mix(0)).build().run(upTo(N));
    assertSameLongs(cpu.out(), gpu.out(), "after the class was marked failed");
  }
}
