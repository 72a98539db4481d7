package dev.sluice.runtime.opencl;

import com.aparapi.device.OpenCLDevice;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.DeviceDiscovery;
import java.util.List;

/**
 * The OpenCL back end's devices as {@link Device} sees them: for each device of
 * {@link OpenClDevices#list()}, its description, its hardware and how many work-groups a run uses
 * by default. Found by {@link java.util.ServiceLoader} (the runtime jar's {@code META-INF/services});
 * making one loads nothing, the devices are listed at the first question.
 */
public final class OpenClDiscovery implements DeviceDiscovery {
  /**
   * OpenCL platform versions Aparapi's native library knows; it warns on stderr about the others,
   * which the device line explains where {@link AparapiStderr} could not hold that line back.
   */
  private static final List<String> APARAPI_TESTED = List.of("OpenCL 1.1", "OpenCL 1.2", "OpenCL 2.0", "OpenCL 2.1");

  @Override
  public Device.Kind kind() {
    return Device.Kind.OPENCL;
  }

  @Override
  public List<Found> devices() {
    List<OpenCLDevice> all = OpenClDevices.list();
    if (all.isEmpty()) {
      // without Aparapi on the class path, mapping would link its classes: the reason says what is missing
      return List.of();
    }
    return all.stream().map(OpenClDiscovery::found).toList();
  }

  private static Found found(OpenCLDevice d) {
    Device.Hardware hardware = hardware(d.getType());
    // work-groups are pipeline instances: a few per compute unit on a GPU hides memory latency
    int groups = Math.max(1, d.getMaxComputeUnits() * (hardware == Device.Hardware.GPU ? 4 : 1));
    return new Found(OpenClDevices.describe(d), hardware, groups);
  }

  static Device.Hardware hardware(com.aparapi.device.Device.TYPE type) {
    return switch (type) {
      case CPU -> Device.Hardware.CPU;
      case GPU -> Device.Hardware.GPU;
      case ACC -> Device.Hardware.ACCELERATOR;
      default -> Device.Hardware.OTHER;
    };
  }

  @Override
  public String unavailableReason() {
    return OpenClDevices.unavailableReason();
  }

  @Override
  public List<String> notes() {
    List<OpenCLDevice> all = OpenClDevices.list();
    if (all.isEmpty()) {
      // nothing below links Aparapi's classes, which may be missing (the reason says so)
      return PoclEnvironment.notes();
    }
    List<String> notes = new java.util.ArrayList<>(PoclEnvironment.notes());
    boolean pocl = false;
    for (OpenCLDevice d : all) {
      pocl |= SignalChaining.isPocl(d);
    }
    if (pocl && !SignalChaining.chained()) {
      // said before the first run is refused for it (outside-in helper-97)
      notes.add("to run on PoCL, this JVM needs " + SignalChaining.fixHere() + " in its environment, which it"
          + " lacks: a run on PoCL is refused without it");
    }
    untestedVersion().ifPresent(notes::add);
    return notes;
  }

  /** Why Aparapi's "untested OpenCL platform version" line reached stderr, where it did. */
  private static java.util.Optional<String> untestedVersion() {
    if (AparapiStderr.lineHeldBack()) {
      return java.util.Optional.empty();
    }
    for (OpenCLDevice d : OpenClDevices.list()) {
      String version = d.getOpenCLPlatform().getVersion();
      if (APARAPI_TESTED.stream().noneMatch(version::startsWith)) {
        String[] words = version.split(" ");
        return java.util.Optional.of("Aparapi's \"untested OpenCL platform version\" line on stderr is about the"
            + " version string (" + (words.length > 1 ? words[0] + " " + words[1] : version)
            + "); Sluice checks that each kernel builds and runs there");
      }
    }
    return java.util.Optional.empty();
  }

  @Override
  public void checkSetting(String name, String value) {
    DeviceMemory.checkSetting(name, value);
  }
}
