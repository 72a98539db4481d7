package dev.sluice.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.opencl.DeviceMemory;
import dev.sluice.runtime.opencl.OpenClDevices;
import dev.sluice.runtime.opencl.OpenClDiscovery;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Device} is a plain value, and the OpenCL back end's devices reach it through
 * {@link DeviceDiscovery} (registered in {@code META-INF/services}), in {@code OpenClDevices.list()}
 * order.
 */
class DeviceValueTest {
  @Test
  void theOpenClDiscoveryIsFoundThroughTheServiceRegistration() {
    DeviceDiscovery cl = Discoveries.of(Device.Kind.OPENCL);
    assertInstanceOf(OpenClDiscovery.class, cl);
    assertEquals(Device.Kind.OPENCL, cl.kind());
    assertEquals(OpenClDevices.list().size(), cl.devices().size());
    assertEquals(OpenClDevices.unavailableReason(), cl.unavailableReason());
    for (int i = 0; i < cl.devices().size(); i++) {
      assertEquals(OpenClDevices.describe(OpenClDevices.list().get(i)), cl.devices().get(i).description());
      assertTrue(cl.devices().get(i).parallelism() >= 1);
    }
  }

  @Test
  void aKindWithoutADiscoveryFindsNothingAndSaysWhy() {
    DeviceDiscovery none = Discoveries.of(Device.Kind.JVM);
    assertEquals(List.of(), none.devices());
    assertTrue(none.unavailableReason().contains("META-INF/services"), none.unavailableReason());
    assertThrows(IllegalArgumentException.class, () -> none.checkSetting("x", "y"));
  }

  @Test
  void jvmDevicesAreEqualByValue() {
    Device cpu = Device.cpu();
    assertEquals(cpu, Device.cpu());
    assertEquals(cpu.hashCode(), Device.cpu().hashCode());
    assertEquals(cpu.name(), cpu.toString());
    assertEquals(-1, cpu.index());
    assertEquals(Device.Hardware.CPU, cpu.hardware());
    assertNotEquals(cpu, Device.cpuScheduled());
    assertEquals(Device.cpuScheduled(), Device.named("cpu:scheduled"));
    Device instead = Device.cpuInsteadOf(cpu, "a test");
    assertNotEquals(cpu, instead);
    assertTrue(instead.name().endsWith(", instead of " + cpu.name() + " (a test)"), instead.name());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> cpu.with(DeviceMemory.PROPERTY, "shared"));
    assertTrue(e.getMessage().contains(DeviceMemory.PROPERTY), e.getMessage());
  }

  @Test
  void anOpenClDeviceIsItsIndexNameAndSettings() {
    Device cl = OpenClAvailable.device();
    assertEquals(cl, Device.opencl(cl.index()));
    assertEquals(cl.hashCode(), Device.opencl(cl.index()).hashCode());
    assertEquals("OpenCL " + OpenClDevices.describe(OpenClDevices.of(cl)), cl.name());
    assertNotEquals(cl, cl.orCpu());
    assertNull(cl.setting(DeviceMemory.PROPERTY));
    Device shared = cl.with(DeviceMemory.PROPERTY, "shared");
    assertEquals("shared", shared.setting(DeviceMemory.PROPERTY));
    assertNotEquals(cl, shared);
    assertEquals(shared, cl.with(DeviceMemory.PROPERTY, "shared"));
    assertEquals(cl.name(), shared.name());
    assertEquals("shared", shared.orCpu().setting(DeviceMemory.PROPERTY), "orCpu keeps the settings");
    assertEquals(DeviceMemory.Model.SHARED, DeviceMemory.of(OpenClDevices.of(shared), shared).model());
    assertTrue(DeviceMemory.of(OpenClDevices.of(shared), shared).forced());
    assertEquals(1 << 20, DeviceMemory.of(OpenClDevices.of(cl), cl.with(DeviceMemory.BUDGET_PROPERTY, "1m"))
        .budgetBytes());
  }

  @Test
  void aWrongSettingIsAnErrorWhereItIsGiven() {
    Device cl = OpenClAvailable.device();
    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
        () -> cl.with("sluice.opencl.memroy", "shared"));
    assertTrue(unknown.getMessage().contains("sluice.opencl.memroy")
        && unknown.getMessage().contains(DeviceMemory.PROPERTY), unknown.getMessage());
    IllegalArgumentException model = assertThrows(IllegalArgumentException.class,
        () -> cl.with(DeviceMemory.PROPERTY, "unified"));
    // said where it was given, not as if it came from the property or the environment
    assertTrue(model.getMessage().contains("'unified' (from Device.with(\"" + DeviceMemory.PROPERTY + "\"")
        && !model.getMessage().contains(DeviceMemory.ENVIRONMENT), model.getMessage());
    IllegalArgumentException budget = assertThrows(IllegalArgumentException.class,
        () -> cl.with(DeviceMemory.BUDGET_PROPERTY, "lots"));
    assertTrue(budget.getMessage().contains("'lots'"), budget.getMessage());
  }

  @Test
  void aDeviceThatIsNotOpenClHasNoOpenClHandle() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OpenClDevices.of(Device.cpu()));
    assertTrue(e.getMessage().contains("is not one of this machine's"), e.getMessage());
    assertFalse(Device.cpu().scheduled());
  }
}
