package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameLongs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.aparapi.Kernel;
import com.aparapi.device.OpenCLDevice;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.opencl.LiveKernels;
import dev.sluice.runtime.opencl.OpenClDevices;
import dev.sluice.runtime.opencl.OpenClDriver;
import dev.sluice.runtime.opencl.SinkItems;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a kernel kept for its class's next run holds between runs. Runs that end before their first launch (an empty input, a caller interrupted) leave nothing in
 * Aparapi's set of arrays to copy: each such run left the arrays it had put there for the kernel's
 * life, since only a launch that binds an array takes it out (outside-in helper-110: about a kilobyte
 * per run, 200,000 interrupted runs filling a 512 MB heap). What such a run changed still reaches the
 * device at the next launch: a {@code @Param} array read by a run that never launched is not read
 * again by the next run of the same object, which must still see it. And no run's outputs stay in the
 * kernel once the run has ended (outside-in helper-111: 77 MB of them after a run whose result the
 * caller had dropped).
 */
class KeptKernelOpenClTest {
  private static final int N = 500;

  @BeforeEach
  @AfterEach
  void clear() {
    LiveKernels.release(ParamArraysPipeline.class);
  }

  private static ParamArraysPipeline pipeline(Device device, int[] ints) {
    return ParamArraysPipeline.builder().device(device)
        .mix(() -> new ParamArrays.Mix(ints, new long[] {7}, new float[] {2f}, new double[] {0.5}, new byte[] {3},
            new boolean[] {true}))
        .build();
  }

  /** The arrays Aparapi's runner of the pipeline class's one kernel holds to copy at a launch. */
  private static int aparapiPuts(OpenCLDevice device) throws ReflectiveOperationException {
    List<Kernel> kernels = LiveKernels.kernels(device, ParamArraysPipeline.class);
    assertEquals(1, kernels.size(), "one kernel for the class");
    Field runner = Kernel.class.getDeclaredField("kernelRunner");
    runner.setAccessible(true);
    Object r = runner.get(kernels.get(0));
    Field puts = r.getClass().getDeclaredField("puts");
    puts.setAccessible(true);
    return ((Set<?>) puts.get(r)).size();
  }

  private static int[] upTo(int n) {
    return java.util.stream.IntStream.range(0, n).toArray();
  }

  @Test
  void runsThatNeverLaunchLeaveNothingBehind() throws Exception {
    Device cl = OpenClAvailable.device();
    OpenCLDevice device = OpenClDevices.of(cl);
    int[] in = upTo(N);
    int[] a = {1, 2, 3};
    long[] want = pipeline(Device.cpu(), a).run(in).out();
    ParamArraysPipeline p = pipeline(cl, a);
    assertSameLongs(want, p.run(in).out(), "the first run");
    assertEquals(0, aparapiPuts(device), "a launch binds every array put before it");
    for (int i = 0; i < 50; i++) {
      assertEquals(0, p.run(new int[0]).out().length, "an empty input");
      Thread.currentThread().interrupt();
      try {
        assertThrows(IllegalStateException.class, () -> p.run(in), "interrupted before the run");
      } finally {
        Thread.interrupted();
      }
    }
    assertEquals(0, aparapiPuts(device), "100 runs that never launched left arrays to copy");
    assertSameLongs(want, p.run(in).out(), "a run after them");
  }

  /** The sink items the class's one kernel holds between runs (its collection of outputs). */
  private static long heldOutputs(OpenCLDevice device) throws ReflectiveOperationException {
    Kernel k = LiveKernels.kernels(device, ParamArraysPipeline.class).get(0);
    Field acc = k.getClass().getDeclaredField("acc_out");
    acc.setAccessible(true);
    return ((SinkItems<?>) acc.get(k)).count();
  }

  @Test
  void aKeptKernelHoldsNoOutputsBetweenRuns() throws Exception {
    Device cl = OpenClAvailable.device();
    OpenCLDevice device = OpenClDevices.of(cl);
    int[] in = upTo(N);
    ParamArraysPipeline p = pipeline(cl, new int[] {1, 2, 3});
    assertEquals(N, p.run(in).out().length);
    assertEquals(0, heldOutputs(device), "a completed run's outputs are the result's alone");
    int[] bad = upTo(N);
    bad[N - 1] = -1;
    // a negative item indexes the arrays out of bounds: with slices of 100 items, the run fails in its
    // last launch, after four slices' outputs were collected
    System.setProperty(OpenClDriver.SLICE_PROPERTY, "100");
    try {
      assertThrows(PipelineException.class, () -> p.run(bad));
    } finally {
      System.clearProperty(OpenClDriver.SLICE_PROPERTY);
    }
    assertEquals(0, heldOutputs(device), "a failed run's outputs are let go");
  }

  @Test
  void aParamReadByARunThatNeverLaunchedReachesTheDevice() {
    Device cl = OpenClAvailable.device();
    int[] in = upTo(N);
    int[] a = {1, 2, 3};
    int[] b = {1000, -2000, 3000};
    long[] wantB = pipeline(Device.cpu(), b).run(in).out();
    assertSameLongs(pipeline(Device.cpu(), a).run(in).out(), pipeline(cl, a).run(in).out(), "a first");
    // b's ints are copied into the kernel's host array (the same length as a's) and marked for the
    // device; the interrupt ends the run before its launch
    ParamArraysPipeline second = pipeline(cl, b);
    Thread.currentThread().interrupt();
    try {
      assertThrows(IllegalStateException.class, () -> second.run(in));
    } finally {
      Thread.interrupted();
    }
    // the kernel's host copy already holds b's ints, so this run copies none: the device gets them
    // because the run before marked them
    var r = second.run(in);
    assertEquals(0, r.report().deviceUse().paramBytes(), "nothing read again");
    assertSameLongs(wantB, r.out(), "b's ints on the device");
  }
}
