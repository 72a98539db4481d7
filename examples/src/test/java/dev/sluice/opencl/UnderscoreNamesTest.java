package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameLongs;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link UnderscoreNames} compiles, and gives plain Java's results on every back end. */
class UnderscoreNamesTest {
  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void partsThatJoinAlikeStayApart(String device) {
    Device d = OpenClAvailable.named(device);
    int[] in = new int[300];
    int[] p = {3, 5, 7};
    List<Long> out = new ArrayList<>();
    List<Long> pairs = new ArrayList<>();
    long sum = 0;
    int max = Integer.MIN_VALUE;
    for (int i = 0; i < in.length; i++) {
      int x = i * 7;
      in[i] = x;
      sum += x;
      if (x % 2 == 0) {
        out.add((long) x + p[0]);
      }
      int xy = x * p[x % 3];
      max = Math.max(max, xy);
      pairs.add(pack(xy + 1, x));
      if (x % 5 == 0) {
        pairs.add(pack(-x, xy));
      }
    }
    UnderscoreNamesPipeline.Result r = UnderscoreNamesPipeline.builder().device(d).build().run(in);
    assertSameLongs(out.stream().mapToLong(Long::longValue).toArray(), toLongs(r.out()), device + " out");
    assertSameLongs(pairs.stream().mapToLong(Long::longValue).toArray(),
        r.out_n().stream().mapToLong(q -> pack(q.x_y(), q.x())).toArray(), device + " out_n");
    assertEquals(sum, r.aB_c(), device + " a.b_c");
    assertEquals(max, r.a_bC(), device + " a_b.c");
  }

  private static long pack(int a, int b) {
    return ((long) a << 32) | (b & 0xffffffffL);
  }

  private static long[] toLongs(int[] a) {
    long[] l = new long[a.length];
    for (int i = 0; i < a.length; i++) {
      l[i] = a[i];
    }
    return l;
  }
}
