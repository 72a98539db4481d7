package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.fail;

import com.aparapi.device.OpenCLDevice;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * The OpenCL devices for a test. Without any, the test is skipped with the reason, unless the
 * environment sets {@code SLUICE_REQUIRE_OPENCL=1} (CI does): then it fails.
 */
final class OpenClAvailable {
  private OpenClAvailable() {}

  static List<OpenCLDevice> devices() {
    List<OpenCLDevice> devices = OpenClDevices.list();
    if (devices.isEmpty()) {
      String why = "no OpenCL device: " + OpenClDevices.unavailableReason();
      if ("1".equals(System.getenv("SLUICE_REQUIRE_OPENCL"))) {
        fail(why + " (SLUICE_REQUIRE_OPENCL=1 turns this skip into a failure)");
      }
      Assumptions.abort(why);
    }
    return devices;
  }
}
