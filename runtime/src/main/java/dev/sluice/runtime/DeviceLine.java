package dev.sluice.runtime;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The one line, once per JVM at the first {@link Device#best()}, that says which device runs and
 * why, and how to get or choose another. It goes to the {@link System.Logger} {@value #LOGGER} at
 * INFO (by default {@code java.util.logging}'s console, on stderr); turn it off with that logger's
 * level, e.g. {@code dev.sluice.device.level = WARNING} in a {@code java.util.logging} configuration
 * file, or {@code java.util.logging.Logger.getLogger("dev.sluice.device").setLevel(Level.WARNING)}.
 */
public final class DeviceLine {
  /** The logger of the device line and of the runtime's other device messages. */
  public static final String LOGGER = "dev.sluice.device";

  private static final System.Logger LOG = System.getLogger(LOGGER);
  private static final AtomicBoolean SAID = new AtomicBoolean();

  private DeviceLine() {}

  /**
   * Logs the line for {@code chosen} the first time in this JVM and returns it; {@code named} is how
   * the user named it, or null when {@link Device#best()} chose it.
   */
  static Device once(Device chosen, String named) {
    if (SAID.compareAndSet(false, true)) {
      LOG.log(System.Logger.Level.INFO, text(chosen, named));
    }
    return chosen;
  }

  /** The line for {@code chosen}. */
  static String text(Device chosen, String named) {
    StringBuilder b = new StringBuilder("Sluice runs on ").append(chosen.name()).append(": ");
    DeviceDiscovery cl = Discoveries.of(Device.Kind.OPENCL);
    boolean looked = named == null || chosen.kind() == Device.Kind.OPENCL;
    if (named != null) {
      b.append("named by ").append(named);
    } else if (chosen.kind() == Device.Kind.OPENCL) {
      b.append(chosen.hardware() == Device.Hardware.GPU ? "the first OpenCL GPU"
          : "the first OpenCL accelerator (no OpenCL GPU here)");
    } else if (cl.devices().isEmpty()) {
      b.append("no OpenCL device, ").append(cl.unavailableReason()).append(". For OpenCL, install a GPU's "
          + "OpenCL driver, or PoCL on the CPU: apt-get install pocl-opencl-icd ocl-icd-libopencl1");
    } else {
      b.append("the OpenCL devices here run on the CPU, where the CPU back end is faster (name one to use it anyway)");
    }
    b.append(". Choose with -D").append(Device.PROPERTY).append(" or ").append(Device.ENVIRONMENT)
        .append(" = cpu, cpu:scheduled, gpu, opencl or opencl:N");
    for (String note : looked ? cl.notes() : List.<String>of()) {
      // each note a sentence of its own
      b.append(". ").append(Character.toUpperCase(note.charAt(0))).append(note, 1, note.length());
    }
    return b.append('.').toString();
  }
}
