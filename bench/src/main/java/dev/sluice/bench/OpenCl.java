package dev.sluice.bench;

import com.aparapi.device.OpenCLDevice;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.opencl.OpenClDevices;
import dev.sluice.runtime.opencl.SignalChaining;
import java.util.List;

/**
 * The one OpenCL device every OpenCL implementation runs on: {@code -Dbench.opencl=N} (index in
 * {@link OpenClDevices#list()}), else the first (GPUs first), as {@link Device#opencl()} picks.
 */
public final class OpenCl {
  public static final String PROPERTY = "bench.opencl";

  private OpenCl() {}

  /** Property that sets the work-groups (pipeline instances) of {@code sluice-opencl}; 0 or unset: the device's default. */
  public static final String GROUPS = "bench.opencl.groups";

  /** The work-groups {@code sluice-opencl} runs with: {@code -Dbench.opencl.groups=N}, else 0 (the device's default). */
  public static int groups() {
    int g = Integer.getInteger(GROUPS, 0);
    if (g < 0) {
      throw new IllegalArgumentException("-D" + GROUPS + "=" + g + ": use a count >= 1, or 0 for the device's default");
    }
    return g;
  }

  static int index() {
    return Integer.getInteger(PROPERTY, 0);
  }

  /** The Aparapi device, or n/a with the reason. */
  public static OpenCLDevice device() throws Variant.Unavailable {
    List<OpenCLDevice> all = OpenClDevices.list();
    if (all.isEmpty()) {
      throw new Variant.Unavailable("no OpenCL device: " + OpenClDevices.unavailableReason());
    }
    if (index() >= all.size()) {
      throw new Variant.Unavailable("no OpenCL device " + index() + " (" + all.size() + " present)");
    }
    OpenCLDevice device = all.get(index());
    String refusal = SignalChaining.refusal(device);
    if (refusal != null) {
      throw new Variant.Unavailable(refusal);
    }
    return device;
  }

  /** The same device as a Sluice device (named, so a pipeline that cannot run there fails instead of switching to the CPU). */
  public static Device sluiceDevice() throws Variant.Unavailable {
    device();
    return Device.opencl(index());
  }

  /** The devices present, described, or the reason there are none. */
  public static String describeAll() {
    List<OpenCLDevice> all = OpenClDevices.list();
    if (all.isEmpty()) {
      return "none (" + OpenClDevices.unavailableReason() + ")";
    }
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < all.size(); i++) {
      OpenCLDevice d = all.get(i);
      b.append(i == 0 ? "" : "; ").append(i).append(": ").append(OpenClDevices.describe(d))
          .append(", ").append(d.getMaxComputeUnits()).append(" compute units");
      if (i == index()) {
        b.append(" (used; sluice-opencl with ").append(groups() > 0 ? groups() + " work-groups, set by -D" + GROUPS
            : Device.opencl(i).parallelism() + " work-groups, the device's default").append(')');
      }
    }
    return b.toString();
  }
}
