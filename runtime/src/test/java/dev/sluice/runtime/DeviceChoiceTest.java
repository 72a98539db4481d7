package dev.sluice.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aparapi.device.Device.TYPE;
import com.aparapi.device.OpenCLDevice;
import dev.sluice.runtime.Device.Hardware;
import dev.sluice.runtime.opencl.OpenClDevices;
import dev.sluice.runtime.testing.OpenClAvailable;
import dev.sluice.runtime.testing.Skip;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The default device is the fastest present: an OpenCL GPU or accelerator, else the CPU back end; an
 * OpenCL CPU device (PoCL) only when named.
 */
class DeviceChoiceTest {
  @Test
  void theRuleOverDeviceTypes() {
    assertEquals(-1, Device.automaticChoice(List.of()));
    assertEquals(-1, Device.automaticChoice(List.of(Hardware.CPU)));
    assertEquals(-1, Device.automaticChoice(List.of(Hardware.CPU, Hardware.OTHER)));
    assertEquals(0, Device.automaticChoice(List.of(Hardware.GPU, Hardware.CPU)));
    assertEquals(1, Device.automaticChoice(List.of(Hardware.CPU, Hardware.GPU)));
    assertEquals(1, Device.automaticChoice(List.of(Hardware.CPU, Hardware.ACCELERATOR)));
    assertEquals(0, Device.automaticChoice(List.of(Hardware.GPU, Hardware.GPU)));
  }

  @Test
  void onAMachineWithOnlyOpenClCpuDevicesTheDefaultIsTheCpuBackEndAndOpenClIsNamed() {
    List<OpenCLDevice> present = OpenClAvailable.devices();
    if (present.stream().anyMatch(d -> d.getType() == TYPE.GPU || d.getType() == TYPE.ACC)) {
      throw Skip.because("this machine has an OpenCL GPU or accelerator, so the default is not the CPU back end: "
          + present);
    }
    if (!blank(System.getProperty(Device.PROPERTY)) || !blank(System.getenv(Device.ENVIRONMENT))) {
      throw Skip.because("a device is named by " + Device.PROPERTY + " or " + Device.ENVIRONMENT
          + ", so Device.best() makes no choice of its own");
    }
    Device best = Device.best();
    assertEquals(Device.Kind.JVM, best.kind(), best.name());
    assertTrue(best.automatic());
    for (String name : new String[] {"opencl", "opencl:0"}) {
      Device named = Device.named(name);
      assertEquals(Device.Kind.OPENCL, named.kind(), name);
      assertEquals(0, named.index(), name);
      assertSame(present.get(0), OpenClDevices.of(named), name);
      assertFalse(named.automatic(), name);
    }
    assertEquals(Device.Kind.OPENCL, Device.opencl().kind());
  }

  @Test
  void orCpuMakesADeviceGiveWayLikeAnAutomaticChoice() {
    Device cl = OpenClAvailable.device();
    assertFalse(cl.automatic());
    Device giving = cl.orCpu();
    assertTrue(giving.automatic());
    assertEquals(cl.index(), giving.index());
    assertSame(OpenClDevices.of(cl), OpenClDevices.of(giving));
    assertEquals(cl.name(), giving.name());
    assertEquals(cl.parallelism(), giving.parallelism());
    Device cpu = Device.cpu();
    assertSame(cpu, cpu.orCpu());
    assertTrue(OpenClDevices.list().contains(OpenClDevices.of(giving)));
  }

  @Test
  void orCpuWithACountSetsTheInstancesOfTheCpuBackEndItGivesWayTo() {
    Device cl = OpenClAvailable.device();
    Device giving = cl.orCpu(3);
    assertTrue(giving.automatic());
    assertEquals(cl.parallelism(), giving.parallelism(), "on the device itself, its own parallelism");
    assertEquals(3, Device.cpuInsteadOf(giving, "no kernel").parallelism());
    assertEquals(Device.cpu().parallelism(), Device.cpuInsteadOf(cl.orCpu(), "no kernel").parallelism(), "one per core");
    assertNotEquals(cl.orCpu(), giving);
    assertEquals(cl.orCpu(3), giving);
    Device cpu = Device.cpu();
    assertSame(cpu, cpu.orCpu(3));
    assertThrows(IllegalArgumentException.class, () -> cl.orCpu(-1));
  }

  @Test
  void allListsBothCpuExecutorsThenEveryOpenClDevice() {
    List<Device> all = Device.all();
    assertEquals(Device.cpu(), all.get(0));
    assertFalse(all.get(0).scheduled());
    assertEquals(Device.cpuScheduled(), all.get(1));
    assertTrue(all.get(1).scheduled());
    List<OpenCLDevice> present = OpenClDevices.list();
    assertEquals(2 + present.size(), all.size(), all.toString());
    for (int i = 0; i < present.size(); i++) {
      Device d = all.get(2 + i);
      assertEquals(Device.Kind.OPENCL, d.kind());
      assertEquals(i, d.index());
      assertSame(present.get(i), OpenClDevices.of(d));
      assertFalse(d.automatic(), "listed, not chosen: it fails rather than give way");
    }
  }

  /** An absent GPU is a DeviceUnavailableException, and named by the property the message says so. */
  @Test
  void aNamedDeviceThatIsNotThereSaysWhereTheNameCameFrom() {
    if (OpenClDevices.list().stream().anyMatch(d -> d.getType() == TYPE.GPU)) {
      throw Skip.because("this machine has an OpenCL GPU");
    }
    if (!blank(System.getProperty(Device.PROPERTY)) || !blank(System.getenv(Device.ENVIRONMENT))) {
      throw Skip.because("a device is named by " + Device.PROPERTY + " or " + Device.ENVIRONMENT + " already");
    }
    DeviceUnavailableException direct = assertThrows(DeviceUnavailableException.class, Device::gpu);
    assertTrue(direct.getMessage().startsWith("no OpenCL GPU; this machine has "), direct.getMessage());
    System.setProperty(Device.PROPERTY, "gpu");
    try {
      DeviceUnavailableException named = assertThrows(DeviceUnavailableException.class, Device::best);
      assertEquals(direct.getMessage() + " (from -D" + Device.PROPERTY + ")", named.getMessage());
      DeviceUnavailableException unknown = assertThrows(DeviceUnavailableException.class, () -> {
        System.setProperty(Device.PROPERTY, "opencl:99");
        Device.best();
      });
      assertTrue(unknown.getMessage().startsWith("no OpenCL device 99; this machine has "), unknown.getMessage());
      assertTrue(unknown.getMessage().endsWith(" (from -D" + Device.PROPERTY + ")"), unknown.getMessage());
    } finally {
      System.clearProperty(Device.PROPERTY);
    }
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
