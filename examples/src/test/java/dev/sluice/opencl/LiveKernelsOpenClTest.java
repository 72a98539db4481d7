package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameLongs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.aparapi.device.OpenCLDevice;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.opencl.LiveKernels;
import dev.sluice.runtime.opencl.OpenClDevices;
import dev.sluice.runtime.testing.OpenClAvailable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A device keeps a bounded number of compiled pipeline kernels (each holds a driver context: NVIDIA's
 * driver refused new ones after a few dozen). With a limit of one, two pipelines that take turns
 * release each other's kernel at every run; each rebuilt kernel copies its {@code @Param} arrays to
 * the device again, so every run still gives the CPU's answer.
 */
class LiveKernelsOpenClTest {
  private static final int N = 2_000;

  @AfterEach
  void clearLimit() {
    System.clearProperty(LiveKernels.PROPERTY);
  }

  private static int[] upTo(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    return a;
  }

  private static ParamArraysPipeline pipeline(Device device, int[] ints) {
    return ParamArraysPipeline.builder().device(device)
        .mix(() -> new ParamArrays.Mix(ints, new long[] {7}, new float[] {2f}, new double[] {0.5}, new byte[] {3},
            new boolean[] {true}))
        .build();
  }

  @Test
  void pipelinesTakingTurnsOnALimitOfOneKeepTheirParams() {
    Device cl = OpenClAvailable.device();
    OpenCLDevice device = OpenClDevices.of(cl);
    System.setProperty(LiveKernels.PROPERTY, "1");
    int[] in = upTo(N);
    int[] a = {1, 2, 3};
    int[] b = {1000, -2000};
    try (ParamArraysPipeline first = pipeline(cl, a); ParamArraysPipeline second = pipeline(cl, b)) {
      long[] wantA = pipeline(Device.cpu(), a).run(in).out();
      long[] wantB = pipeline(Device.cpu(), b).run(in).out();
      for (int round = 0; round < 3; round++) {
        var ra = first.run(in);
        assertSameLongs(wantA, ra.out(), "first pipeline, round " + round);
        // every run after the first finds its kernel released by the other pipeline's run
        assertEquals(3 * 4 + 8 + 4 + 8 + 1 + 1, ra.report().deviceUse().paramBytes(), "its arrays copied again");
        assertEquals(1, LiveKernels.held(device));
        assertSameLongs(wantB, second.run(in).out(), "second pipeline, round " + round);
        assertEquals(1, LiveKernels.held(device));
      }
    }
    assertEquals(0, LiveKernels.held(device), "closing both released both");
  }

  @Test
  void aKernelKeptUnderTheLimitIsNotCopiedAgain() {
    Device cl = OpenClAvailable.device();
    System.setProperty(LiveKernels.PROPERTY, "2");
    int[] in = upTo(N);
    try (ParamArraysPipeline first = pipeline(cl, new int[] {4}); ParamArraysPipeline second = pipeline(cl, new int[] {5})) {
      first.run(in);
      second.run(in);
      assertEquals(0, first.run(in).report().deviceUse().paramBytes(), "still on the device");
      first.close();
      assertEquals(4 + 8 + 4 + 8 + 1 + 1, first.run(in).report().deviceUse().paramBytes(), "closed, then built again");
    }
  }

  @Test
  void aLimitBelowOneIsAClearError() {
    Device cl = OpenClAvailable.device();
    System.setProperty(LiveKernels.PROPERTY, "0");
    try (ParamArraysPipeline p = pipeline(cl, new int[] {1})) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.run(upTo(10)));
      assertEquals(LiveKernels.PROPERTY + " must be a count of kernels >= 1, not '0'", e.getMessage());
    }
  }
}
