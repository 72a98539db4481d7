package dev.sluice.examples.synthgain;

import static dev.sluice.examples.Multisets.assertSameLongs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunReport;
import dev.sluice.runtime.opencl.DeviceMemory;
import dev.sluice.runtime.opencl.DeviceMemory.Model;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The device memory models and budgets on OpenCL. Under {@code discrete} every buffer is a
 * device-resident copy ({@code CL_MEM_COPY_HOST_PTR}), so a transfer the driver forgot would change
 * the result even on a CPU device, where {@code shared} buffers would hide it.
 */
class SynthGainMemoryOpenClTest {
  private static SynthGainPipeline.Result run(Device device, float gain, long[] in) {
    // a new pipeline object: its kernel is compiled under this device's memory model
    return SynthGains.builder(gain).chunkSize(1 << 12).device(device).build().run(in);
  }

  @Test
  void bothModelsGiveTheCpuResult() {
    Device cl = OpenClAvailable.device();
    long[] in = SynthGainTest.input(20_000);
    for (Model model : Model.values()) {
      Device d = cl.with(DeviceMemory.PROPERTY, model.name().toLowerCase(Locale.ROOT));
      for (float gain : SynthGains.BENCHMARK_GAINS) {
        String what = model + " gain=" + gain;
        // released, the class's kernel is built again by this run, and the report says how long it took
        SynthGains.builder(gain).build().close();
        SynthGainPipeline.Result r = run(d, gain, in);
        assertTrue(r.report().deviceUse().buildNanos() > 0, what + ": " + r.report().deviceUse());
        assertSameLongs(Reference.items(in, gain), r.items(), what);
        SynthGainTest.assertConserved(r.report(), in.length, r.items(), what);
        RunReport.DeviceUse use = r.report().deviceUse();
        assertTrue(use.memory().startsWith(model.name().toLowerCase(Locale.ROOT) + " as set"), use.memory());
        assertEquals(1, use.slices(), what);
        assertTrue(use.peakBytes() >= 8L * in.length, "the input was on the device: " + use);
        assertTrue(r.report().toString().contains("memory: " + use.memory()), r.report().toString());
        // where the time went: each part was timed, and together they fit in the run
        assertTrue(use.loadNanos() > 0 && use.kernelNanos() > 0 && use.readNanos() > 0, what + ": " + use);
        assertTrue(use.loadNanos() + use.kernelNanos() + use.readNanos() <= r.report().nanos(), what + ": " + use);
        assertTrue(r.report().toString().contains("ms in the kernel's launches"), r.report().toString());
        // a new pipeline object of a class whose kernel the device keeps builds nothing
        var again = run(d, gain, in).report();
        assertEquals(0, again.deviceUse().buildNanos(), what + ": " + again.deviceUse());
        assertTrue(again.toJson().contains("\"buildNanos\":0}"), again.toJson());
      }
    }
  }

  @Test
  void aSmallBudgetStreamsTheInputInSlices() {
    Device cl = OpenClAvailable.device();
    long[] in = SynthGainTest.input(200_000);
    for (Model model : Model.values()) {
      // learn what the queues hold from a one-item run, then allow a tenth of the input beside them:
      // slices of a tenth, split again when their outputs (four per item) do not fit
      Device d = cl.with(DeviceMemory.PROPERTY, model.name().toLowerCase(Locale.ROOT));
      long queues = run(d, 4f, SynthGainTest.input(1)).report().deviceUse().peakBytes();
      long budget = queues + 2 * 8L * in.length / 10;
      SynthGainPipeline.Result whole = run(d, 4f, in);
      Device small = d.with(DeviceMemory.BUDGET_PROPERTY, Long.toString(budget));
      SynthGainPipeline.Result sliced = run(small, 4f, in);
      String what = model + " budget=" + budget;
      assertSameLongs(whole.items(), sliced.items(), what);
      SynthGainTest.assertConserved(sliced.report(), in.length, sliced.items(), what);
      RunReport.DeviceUse use = sliced.report().deviceUse();
      assertTrue(use.slices() >= 10, what + ": " + use);
      assertTrue(use.launches() >= use.slices(), what + ": " + use);
      assertTrue(use.peakBytes() <= budget, what + ": " + use);
      // a slice whose outputs do not fit is cut into as many pieces as they need, at once: halving it
      // until they fit ran about two launches per slice here (1271 for 640 slices, 1658 for 832)
      assertTrue(use.launches() <= use.slices() + use.slices() / 10 + 3, what + ": " + use);
    }
  }

  @Test
  void aBudgetBelowTheQueuesIsAClearError() {
    Device cl = OpenClAvailable.device();
    Device tiny = cl.with(DeviceMemory.BUDGET_PROPERTY, "1024");
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> run(tiny, 1f, SynthGainTest.input(10)));
    assertTrue(e.getMessage().contains("needs") && e.getMessage().contains(DeviceMemory.BUDGET_PROPERTY)
        && e.getMessage().contains(cl.name()), e.getMessage());
  }

  /**
   * A device that cannot hold a pipeline's queues cannot run it: with {@code orCpu()} (and so as
   * {@code Device.best()}'s choice) it gives way to the CPU back end, as for a kernel that does not
   * build, and the run report says so; the device keeps the class's kernel for runs that fit.
   */
  @Test
  void aBudgetBelowTheQueuesGivesWayWithOrCpu() {
    Device cl = OpenClAvailable.device();
    long[] in = SynthGainTest.input(1_000);
    SynthGainPipeline.Result r = run(cl.with(DeviceMemory.BUDGET_PROPERTY, "1024").orCpu(), 1f, in);
    assertSameLongs(Reference.items(in, 1f), r.items(), "given way");
    assertTrue(r.report().device().startsWith("JVM") && r.report().device().contains("instead of")
        && r.report().device().contains("needs"), r.report().device());
    run(cl, 1f, in);
    SynthGainPipeline.Result kept = run(cl.with(DeviceMemory.BUDGET_PROPERTY, "1024").orCpu(), 1f, in);
    assertTrue(kept.report().device().contains("instead of"), kept.report().device());
    assertEquals(0, run(cl, 1f, in).report().deviceUse().buildNanos(), "the kernel was kept");
  }
}
