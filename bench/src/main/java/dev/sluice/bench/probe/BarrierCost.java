package dev.sluice.bench.probe;

import com.aparapi.Kernel;
import com.aparapi.Range;
import com.aparapi.device.OpenCLDevice;
import dev.sluice.bench.OpenCl;
import dev.sluice.bench.Variant;
import dev.sluice.runtime.opencl.Kernels;
import dev.sluice.runtime.opencl.OpenClDevices;
import java.util.Locale;

/**
 * What one pass of a persistent loop costs on the OpenCL device, with nothing of Sluice's scheduler
 * in it: lane 0 writes a decision to local memory, the lanes each read a queue slot, lane 0 sums the
 * lanes' counts, the lanes write back, with one to four barriers between those steps. Prints
 * nanoseconds per pass for each barrier count and work-group size, so the fixed cost of a Sluice
 * run (four barriers) can be told apart from its scheduling and its nodes' work.
 *
 * <pre>
 * mvn -B -ntp -q install -DskipTests &amp;&amp; mvn -B -ntp -q -pl bench exec:java \
 *     -Dbench.main=dev.sluice.bench.probe.BarrierCost
 * </pre>
 */
public final class BarrierCost {
  private BarrierCost() {}

  /** Two groups of {@code getLocalSize()} lanes loop {@code passes} times. */
  static final class Probe extends Kernel {
    int passes;
    int barriers;
    final int[] out = new int[2 * 64];
    final int[] queue = new int[2 * 256];
    @Local final int[] ctl = new int[4];
    @Local final int[] cnt = new int[64];

    @Override
    public void run() {
      int lane = getLocalId();
      int g = getGroupId();
      int width = getLocalSize();
      int p = 0;
      int i = 0;
      int sum = 0;
      while (p < passes) {
        if (lane == 0) {
          ctl[0] = (p * 7) % 61;
          ctl[2] = (p * 13) % 256;
        }
        localBarrier();
        if (lane < ctl[0]) {
          cnt[lane] = queue[g * 256 + (ctl[2] + lane) % 256] & 1;
        } else {
          cnt[lane] = 0;
        }
        if (barriers > 1) {
          localBarrier();
          if (lane == 0) {
            sum = 0;
            for (i = 0; i < width; i++) {
              sum = sum + cnt[i];
            }
            ctl[1] = sum;
          }
        }
        if (barriers > 2) {
          localBarrier();
          queue[g * 256 + (ctl[1] + lane) % 256] = cnt[lane] + p;
        }
        if (barriers > 3) {
          localBarrier();
        }
        p = p + 1;
      }
      out[g * 64 + lane] = ctl[1];
    }
  }

  public static void main(String[] args) throws Variant.Unavailable {
    OpenCLDevice device = OpenCl.device();
    int passes = Integer.getInteger("probe.passes", 100_000);
    System.out.println("barrier cost on " + OpenClDevices.describe(device) + ", " + passes + " passes, 2 groups");
    for (int width : new int[] {64, 32}) {
      for (int barriers = 1; barriers <= 4; barriers++) {
        Probe k = new Probe();
        k.passes = passes;
        k.barriers = barriers;
        Range range = device.createRange(2 * width, width);
        Kernels.compile(k, device);
        k.put(k.queue);
        Kernels.execute(k, range, device);
        long best = Long.MAX_VALUE;
        for (int rep = 0; rep < 5; rep++) {
          long t0 = System.nanoTime();
          Kernels.execute(k, range, device);
          best = Math.min(best, System.nanoTime() - t0);
        }
        System.out.printf(Locale.ROOT, "  width %2d, %d barrier(s) per pass: %6.1f ns per pass%n", width, barriers,
            best / (double) passes);
      }
    }
  }
}
