package dev.sluice.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.opencl.DeviceMemory;
import org.junit.jupiter.api.Test;

/** What a device name that names nothing is told (outside-in: a JDK NPE, a property never set, 0.0 MiB). */
class DeviceNamesTest {
  private static String refused(String name) {
    return assertThrows(IllegalArgumentException.class, () -> Device.named(name)).getMessage();
  }

  @Test
  void badNamesSayWhatIsWrongAndNothingAboutAProperty() {
    assertEquals("unknown device 'tpu'; use cpu (or jvm), cpu:scheduled (or jvm:scheduled), opencl, gpu or opencl:N", refused("tpu"));
    assertEquals("no device name (null); use cpu (or jvm), cpu:scheduled (or jvm:scheduled), opencl, gpu or opencl:N", refused(null));
    // a number past int is a device that is not there, as one past the last device is (outside-in helper-94)
    // and lists the devices there are, as for that one (helper-116)
    assertTrue(assertThrows(DeviceUnavailableException.class, () -> Device.named("opencl:99999999999")).getMessage()
        .startsWith("no OpenCL device 99999999999; this machine has "));
    assertEquals("unknown device 'opencl:x'; use cpu (or jvm), cpu:scheduled (or jvm:scheduled), opencl, gpu or opencl:N", refused("opencl:x"));
  }

  /** Every device present has a short name that names it again (outside-in helper-97: for JUnit display names). */
  @Test
  void eachDeviceSpecNamesItAgain() {
    assertEquals("cpu", Device.cpu().spec());
    assertEquals("cpu:scheduled", Device.cpuScheduled().spec());
    for (Device d : Device.all()) {
      Device again = Device.named(d.spec());
      assertEquals(d.name(), again.name(), d.spec());
      assertEquals(d.spec(), again.spec());
      assertEquals(d.scheduled(), again.scheduled(), d.spec());
    }
  }

  @Test
  void aNameIsCheckedWithoutLookingForTheDevice() {
    // opencl:7 and gpu name devices this machine need not have: checked, not found
    assertEquals("opencl:7", Device.checkName(" OpenCL:7 "));
    assertEquals("gpu", Device.checkName("GPU"));
    assertEquals("unknown device 'opencl:-1'; use cpu (or jvm), cpu:scheduled (or jvm:scheduled), opencl, gpu or opencl:N",
        assertThrows(IllegalArgumentException.class, () -> Device.checkName("opencl:-1")).getMessage());
    assertEquals("unknown device 'bogus'; use cpu (or jvm), cpu:scheduled (or jvm:scheduled), opencl, gpu or opencl:N",
        assertThrows(IllegalArgumentException.class, () -> Device.checkName("bogus")).getMessage());
  }

  @Test
  void smallSizesAreInBytes() {
    assertEquals("1 byte", DeviceMemory.mib(1));
    assertEquals("102399 bytes", DeviceMemory.mib(100L * 1024 - 1));
    assertEquals("0.1 MiB", DeviceMemory.mib(100L * 1024));
    assertEquals("10.0 GiB", DeviceMemory.mib(10L << 30));
  }
}
