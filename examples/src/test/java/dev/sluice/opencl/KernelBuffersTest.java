package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.DeviceUnavailableException;
import dev.sluice.runtime.testing.ChildJvm;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The kernel's host buffers on OpenCL (outside-in helper-80): the staging buffers of a wide channel
 * count in the check of work-groups against the device's memory, and a pipeline object run again
 * reuses its buffers instead of holding the last run's and the next run's at once.
 */
class KernelBuffersTest {
  /** {@link WideChannelChild}'s line for one run of items 0..999. */
  private static final String RUN = "1000 499500";

  @Test
  void workGroupsWhoseStagingBuffersPassTheBudgetAreRefusedWithTheMemoryMessage() {
    Device device = OpenClAvailable.device();
    // 8,192 groups x 64 lanes x 4,096 pushes: 2^31 items, more than a Java array (and the budget)
    // closed, so that no kernel of this class stays held for the tests that count them (LiveKernelsOpenClTest)
    try (WideChannelPipeline p = WideChannelPipeline.builder().device(device).instances(8192).build();
        WideChannelPipeline fallback = WideChannelPipeline.builder().device(device.orCpu()).instances(8192).build()) {
      DeviceUnavailableException e = assertThrows(DeviceUnavailableException.class, () -> p.runRange(0, 1000));
      assertTrue(e.getMessage().contains("8192 work-groups") && e.getMessage().contains("use fewer instances"),
          e.getMessage());
      // and a device that gives way to the CPU back end does so
      assertEquals(1000, fallback.runRange(0, 1000).out().length);
    }
  }

  @Test
  void aPipelineObjectRunsAgainInAHeapThatHoldsOneRunsBuffers() throws Exception {
    OpenClAvailable.device();
    // 44 groups stage 44 MiB for the wide channel: one run's buffers fit a 96 MiB heap (its budget is half), two do not
    ChildJvm.Output o = ChildJvm.run(WideChannelChild.class, List.of("-Xmx96m"), List.of(), Map.of(), "44", "4");
    assertEquals(String.join("\n", RUN, RUN, RUN, RUN), o.out().strip(), o.err());
  }
}
