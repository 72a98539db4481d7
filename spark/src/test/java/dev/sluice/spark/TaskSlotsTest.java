package dev.sluice.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.Map;
import org.apache.spark.resource.ResourceInformation;
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

  static Map<String, ResourceInformation> gpu(String... addresses) {
    return Map.of(TaskSlots.GPU, new ResourceInformation(TaskSlots.GPU, addresses));
  }

  @Test
  void aTaskWithoutAGpuRunsOnTheCpuWithItsCpusAsInstances() {
    TaskSlots.Placement p = TaskSlots.place(Map.of(), 3, null, false);
    assertEquals(Device.Kind.JVM, p.slot().device().kind());
    assertEquals(3, p.slot().instances(), "spark.task.cpus = 3");
    assertTrue(p.why().startsWith("no GPU in TaskContext.resources()"), p.why());
  }

  @Test
  void theGpuAddressFromTheResourcesIsTheOpenClDevice() {
    OpenClAvailable.devices();
    TaskSlots.Placement p = TaskSlots.place(gpu("0"), 1, null, false);
    assertEquals(Device.opencl(0), p.slot().device());
    assertEquals(0, p.slot().instances(), "OpenCL: the device's own parallelism");
    assertEquals("GPU address 0 from TaskContext.resources() is opencl:0", p.why());
  }

  @Test
  void withCpuFallbackTheCpuBackEndRunsTheTasksCpusAsInstances() {
    OpenClAvailable.devices();
    TaskSlots.Placement p = TaskSlots.place(gpu("0"), 3, null, true);
    assertTrue(p.slot().device().automatic(), "may give way to the CPU back end");
    assertEquals(0, p.slot().instances(), "OpenCL: the device's own parallelism");
    assertEquals(3, Device.cpuInsteadOf(p.slot().device(), "no kernel").parallelism(), "spark.task.cpus = 3");
  }

  @Test
  void aGpuAddressWithNoOpenClDeviceBehindItNamesTheAddressAndTheDevicesPresent() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> TaskSlots.place(gpu("57"), 1, null, false));
    String m = e.getMessage();
    assertTrue(m.startsWith("the GPU Spark assigned this task (address 57, device opencl:57) is not available on"
        + " executor "), m);
    assertTrue(m.contains("no OpenCL device 57; this machine has "), m);
  }

  /**
   * With {@code cpuFallback}, an executor that lacks the task's device altogether (no OpenCL driver, or
   * fewer devices than the GPU address) runs the CPU back end, with the task's cores, and says why, as
   * it does for a device that cannot run the pipeline (outside-in helper-127: the task failed).
   */
  @Test
  void withCpuFallbackAMissingDeviceGivesWayToo() {
    TaskSlots.Placement p = TaskSlots.place(gpu("57"), 3, null, true);
    Device d = p.slot().device();
    assertEquals(Device.Kind.JVM, d.kind());
    assertEquals(3, p.slot().instances(), "spark.task.cpus = 3");
    assertTrue(d.name().contains(", instead of opencl:57 (the GPU Spark assigned this task (address 57, device"
        + " opencl:57) is not available on executor "), d.name());
  }
}
