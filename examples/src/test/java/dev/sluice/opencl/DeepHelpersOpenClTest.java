package dev.sluice.opencl;

import static dev.sluice.examples.Multisets.assertSameInts;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import org.junit.jupiter.api.Test;

/** {@link DeepHelpers}' kernel builds on the device, and gives the CPU's items. */
class DeepHelpersOpenClTest {
  @Test
  void helpersFortyDeepEnteredAtTwoDepths() {
    Device cl = OpenClAvailable.device();
    var gpu = DeepHelpersPipeline.builder().device(cl).build().runRange(-500, 500);
    var cpu = DeepHelpersPipeline.builder().device(Device.cpu()).build().runRange(-500, 500);
    assertEquals(cl.name(), gpu.report().device(), "ran on the device");
    assertEquals(2_000, cpu.out().length);
    assertSameInts(cpu.out(), gpu.out(), "deep helpers");
  }
}
