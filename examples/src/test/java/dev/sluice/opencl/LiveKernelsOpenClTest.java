package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameLongs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.aparapi.device.OpenCLDevice;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.opencl.LiveKernels;
import dev.sluice.runtime.opencl.OpenClDevices;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A device keeps a bounded number of compiled pipeline kernels (each holds a driver context: NVIDIA's
 * driver refused new ones after a few dozen), shared by the objects of a pipeline class: a new object
 * builds nothing, each run reads its own object's {@code @Param} values, and only the arrays that differ
 * from the kernel's last run are copied. With a limit of one, two classes that take turns release each
 * other's kernel at every run; each rebuilt kernel copies its arrays again, so every run still gives the
 * CPU's answer.
 */
class LiveKernelsOpenClTest {
  private static final int N = 2_000;

  /** Bytes of every {@code @Param} array of {@link #mix} with {@code ints} of length {@code n}. */
  private static int allBytes(int n) {
    return 4 * n + 8 + 4 + 8 + 1 + 1;
  }

  @BeforeEach
  @AfterEach
  void clear() {
    System.clearProperty(LiveKernels.PROPERTY);
    LiveKernels.release(ParamArraysPipeline.class);
    LiveKernels.release(ParamArraysTwinPipeline.class);
  }

  private static int[] upTo(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    return a;
  }

  private static Supplier<ParamArrays.Mix> mix(int[] ints) {
    return () -> new ParamArrays.Mix(ints, new long[] {7}, new float[] {2f}, new double[] {0.5}, new byte[] {3},
        new boolean[] {true});
  }

  private static ParamArraysPipeline pipeline(Device device, int[] ints) {
    return ParamArraysPipeline.builder().device(device).mix(mix(ints)).build();
  }

  private static ParamArraysTwinPipeline twin(Device device, int[] ints) {
    return ParamArraysTwinPipeline.builder().device(device).mix(mix(ints)).build();
  }

  @Test
  void objectsOfOneClassShareOneKernelAndKeepTheirParams() {
    Device cl = OpenClAvailable.device();
    OpenCLDevice device = OpenClDevices.of(cl);
    int[] in = upTo(N);
    int[] a = {1, 2, 3};
    int[] b = {1000, -2000};
    long[] wantA = pipeline(Device.cpu(), a).run(in).out();
    long[] wantB = pipeline(Device.cpu(), b).run(in).out();
    ParamArraysPipeline first = pipeline(cl, a);
    ParamArraysPipeline second = pipeline(cl, b);
    for (int round = 0; round < 3; round++) {
      var ra = first.run(in);
      assertSameLongs(wantA, ra.out(), "first object, round " + round);
      assertEquals(round == 0 ? allBytes(3) : 3 * 4, ra.report().deviceUse().paramBytes(),
          "the first run copies every array, later ones only the ints, which differ from the other object's");
      var rb = second.run(in);
      assertSameLongs(wantB, rb.out(), "second object, round " + round);
      assertEquals(2 * 4, rb.report().deviceUse().paramBytes(), "the kernel is the first object's: only the ints");
      assertEquals(1, LiveKernels.held(device, ParamArraysPipeline.class), "one kernel for both objects");
    }
    // a new object per run, the way a task or a test builds them, builds no kernel either
    for (int round = 0; round < 3; round++) {
      assertSameLongs(wantA, pipeline(cl, a).run(in).out(), "a new object, round " + round);
    }
    assertEquals(1, LiveKernels.held(device, ParamArraysPipeline.class));
    first.close();
    assertEquals(0, LiveKernels.held(device, ParamArraysPipeline.class), "close released the class's kernel");
    assertEquals(allBytes(3), first.run(in).report().deviceUse().paramBytes(), "closed, then built again");
  }

  @Test
  void classesTakingTurnsOnALimitOfOneKeepTheirParams() {
    Device cl = OpenClAvailable.device();
    OpenCLDevice device = OpenClDevices.of(cl);
    System.setProperty(LiveKernels.PROPERTY, "1");
    int[] in = upTo(N);
    int[] a = {1, 2, 3};
    int[] b = {1000, -2000};
    long[] wantA = pipeline(Device.cpu(), a).run(in).out();
    long[] wantB = twin(Device.cpu(), b).run(in).out();
    try (ParamArraysPipeline first = pipeline(cl, a); ParamArraysTwinPipeline second = twin(cl, b)) {
      for (int round = 0; round < 3; round++) {
        var ra = first.run(in);
        assertSameLongs(wantA, ra.out(), "first pipeline, round " + round);
        // every run after the first finds its kernel released by the other class's run
        assertEquals(allBytes(3), ra.report().deviceUse().paramBytes(), "its arrays copied again");
        assertEquals(1, LiveKernels.held(device));
        var rb = second.run(in);
        assertSameLongs(wantB, rb.out(), "second pipeline, round " + round);
        assertEquals(allBytes(2), rb.report().deviceUse().paramBytes(), "its arrays copied again");
        assertEquals(1, LiveKernels.held(device));
      }
    }
    assertEquals(0, LiveKernels.held(device, ParamArraysPipeline.class), "closing both released both");
    assertEquals(0, LiveKernels.held(device, ParamArraysTwinPipeline.class));
  }

  @Test
  void aRunOfAnEmptyInputBuildsNothingAndReleasesNothing() {
    Device cl = OpenClAvailable.device();
    OpenCLDevice device = OpenClDevices.of(cl);
    System.setProperty(LiveKernels.PROPERTY, "1");
    int[] in = upTo(N);
    int[] a = {1, 2, 3};
    ParamArraysPipeline first = pipeline(cl, a);
    assertEquals(allBytes(3), first.run(in).report().deviceUse().paramBytes());
    assertEquals(0, twin(cl, new int[] {4}).run(new int[0]).out().length);
    // the one kernel the device may keep is still the first class's, with its arrays on the device
    assertEquals(0, first.run(in).report().deviceUse().paramBytes(), "not released by the empty run");
    // the twin's kernel, never built, copies its arrays at its first real run
    var twinRun = twin(cl, new int[] {4}).run(in);
    assertSameLongs(twin(Device.cpu(), new int[] {4}).run(in).out(), twinRun.out(), "the twin's first real run");
    assertEquals(allBytes(1), twinRun.report().deviceUse().paramBytes(), "its arrays copied");
    assertEquals(1, LiveKernels.held(device, ParamArraysTwinPipeline.class));
  }

  @Test
  void aKernelBuiltForAStreamThatTurnedOutEmptyOutlivesCloseAndIsUsedNext() {
    // outside-in: close() let go of such a kernel without freeing its context, which Aparapi cannot
    // do safely for a kernel that never launched: memory grew at every build, empty stream, close
    Device cl = OpenClAvailable.device();
    OpenCLDevice device = OpenClDevices.of(cl);
    int[] a = {1, 2, 3};
    for (int cycle = 0; cycle < 3; cycle++) {
      try (ParamArraysPipeline p = pipeline(cl, a)) {
        assertEquals(0, p.runChunks(java.util.List.of(new int[0]).iterator()).out().length);
      }
      assertEquals(1, LiveKernels.held(device, ParamArraysPipeline.class), "kept for the next run, cycle " + cycle);
    }
    int[] in = upTo(N);
    ParamArraysPipeline p = pipeline(cl, a);
    assertSameLongs(pipeline(Device.cpu(), a).run(in).out(), p.run(in).out(), "the kept kernel's first real run");
    p.close();
    assertEquals(0, LiveKernels.held(device, ParamArraysPipeline.class), "once it ran, close releases it");
  }

  @Test
  void runsOfOneClassAtTheSameTimeEachGetAKernel() throws Exception {
    Device cl = OpenClAvailable.device();
    OpenCLDevice device = OpenClDevices.of(cl);
    int[] in = upTo(N);
    int[] a = {1, 2, 3};
    int[] b = {1000, -2000};
    // the factories run at the start of each run, with its kernel lent: both runs hold one at once
    CountDownLatch both = new CountDownLatch(2);
    Supplier<ParamArrays.Mix> waitA = waiting(both, mix(a));
    Supplier<ParamArrays.Mix> waitB = waiting(both, mix(b));
    // a thread each (the common pool has one thread on two cores, and JDK 25 runs both tasks on it)
    ExecutorService two = Executors.newFixedThreadPool(2);
    try {
      Future<ParamArraysPipeline.Result> ra =
          two.submit(() -> ParamArraysPipeline.builder().device(cl).mix(waitA).build().run(in));
      Future<ParamArraysPipeline.Result> rb =
          two.submit(() -> ParamArraysPipeline.builder().device(cl).mix(waitB).build().run(in));
      assertSameLongs(pipeline(Device.cpu(), a).run(in).out(), ra.get(60, TimeUnit.SECONDS).out(), "first run");
      assertSameLongs(pipeline(Device.cpu(), b).run(in).out(), rb.get(60, TimeUnit.SECONDS).out(), "second run");
    } finally {
      two.shutdownNow();
    }
    assertEquals(2, LiveKernels.held(device, ParamArraysPipeline.class), "a kernel each");
    // a later run takes either kept kernel and makes no third
    assertSameLongs(pipeline(Device.cpu(), b).run(in).out(), pipeline(cl, b).run(in).out(), "a later run");
    assertEquals(2, LiveKernels.held(device, ParamArraysPipeline.class));
  }

  private static Supplier<ParamArrays.Mix> waiting(CountDownLatch both, Supplier<ParamArrays.Mix> make) {
    return () -> {
      both.countDown();
      try {
        if (!both.await(60, TimeUnit.SECONDS)) {
          throw new IllegalStateException("the other run never reached its factory");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
      return make.get();
    };
  }

  @Test
  void aLimitBelowOneIsAClearError() {
    Device cl = OpenClAvailable.device();
    System.setProperty(LiveKernels.PROPERTY, "0");
    ParamArraysPipeline p = pipeline(cl, new int[] {1});
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.run(upTo(10)));
    assertEquals(LiveKernels.PROPERTY + " must be a count of kernels >= 1, not '0'", e.getMessage());
  }
}
