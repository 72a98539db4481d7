package dev.sluice.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The device a task runs on, from a named device or the GPU addresses Spark assigned it. */
class TaskSlotsTest {
  @Test
  void aGpuAddressIsAnOpenClDeviceNumber() {
    assertEquals("opencl:0", TaskSlots.spec(null, new String[] {"0"}));
    assertEquals("opencl:3", TaskSlots.spec(null, new String[] {"3", "4"}));
  }

  @Test
  void withoutAGpuTheCpu() {
    assertEquals("cpu", TaskSlots.spec(null, null));
    assertEquals("cpu", TaskSlots.spec(null, new String[0]));
  }

  @Test
  void aNamedDeviceWins() {
    assertEquals("opencl", TaskSlots.spec("opencl", new String[] {"1"}));
  }

  @Test
  void anAddressThatIsNoNumberIsNamed() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> TaskSlots.spec(null, new String[] {"GPU-5f3a"}));
    assertTrue(e.getMessage().contains("GPU address 'GPU-5f3a', which is not a device number"), e.getMessage());
  }
}
