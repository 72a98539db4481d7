package dev.sluice.runtime.testing;

import static org.junit.jupiter.api.Assertions.fail;

import com.aparapi.device.OpenCLDevice;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.opencl.OpenClDevices;
import java.util.List;

/**
 * The OpenCL devices for a test. Without any, the test is skipped with the reason (printed on the
 * console too, see {@link Skip}), unless the
 * environment sets {@code SLUICE_REQUIRE_OPENCL=1} (CI does): then it fails. Shared with the
 * examples' tests through the runtime's test jar.
 */
public final class OpenClAvailable {
  private OpenClAvailable() {}

  public static List<OpenCLDevice> devices() {
    List<OpenCLDevice> devices = OpenClDevices.list();
    if (devices.isEmpty()) {
      String why = "no OpenCL device: " + OpenClDevices.unavailableReason();
      if ("1".equals(System.getenv("SLUICE_REQUIRE_OPENCL"))) {
        fail(why + " (SLUICE_REQUIRE_OPENCL=1 turns this skip into a failure)");
      }
      throw Skip.because(why);
    }
    return devices;
  }

  /** The first OpenCL device (GPUs first) as a Sluice device, or a skip (a failure in CI). */
  public static Device device() {
    devices();
    return Device.opencl();
  }

  /**
   * The device a parameterized test names: {@code "cpu"}, {@code "cpuScheduled"}, else the first
   * OpenCL device ({@link #device()}: a skip, or a failure in CI, where there is none).
   */
  public static Device named(String name) {
    return switch (name) {
      case "cpu" -> Device.cpu();
      case "cpuScheduled" -> Device.cpuScheduled();
      default -> device();
    };
  }
}
