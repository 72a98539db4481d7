package dev.sluice.runtime.opencl;

import com.aparapi.device.OpenCLDevice;
import com.aparapi.internal.opencl.OpenCLLoader;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.DivisionProbe;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The OpenCL devices this machine offers, through Aparapi's native layer: GPUs first, then the rest
 * (a CPU runtime such as PoCL). When there is no OpenCL loader or no platform, the list is empty and
 * {@link #unavailableReason()} says why.
 */
public final class OpenClDevices {
  private static List<OpenCLDevice> devices;
  private static String reason;

  /**
   * A lock that every copy of this class in the JVM shares: a string literal is interned JVM-wide, so
   * two applications that each load their own Sluice and Aparapi jars (an application server's or a
   * plugin host's class loaders) take the same object. Two copies of Aparapi's native layer listing
   * the OpenCL platforms at the same time crashed the JVM (SIGSEGV in Aparapi's getPlatforms).
   */
  private static final Object LISTING = "dev.sluice.runtime.opencl.OpenClDevices: listing the platforms";

  private OpenClDevices() {}

  /** The devices, GPUs first; empty when OpenCL cannot be used here. */
  public static synchronized List<OpenCLDevice> list() {
    if (devices == null) {
      List<OpenCLDevice> found = new ArrayList<>();
      try {
        OpenClLayer.checkClasses();
        AparapiLog.quiet();
        PoclEnvironment.choose();
        List<OpenCLDevice> all;
        synchronized (LISTING) {
          all = AparapiStderr.listing(() -> OpenCLDevice.listDevices(null));
        }
        if (all != null) {
          found.addAll(all);
        }
        // inside the try: the comparison links Aparapi's classes too
        found.sort(Comparator.comparingInt(d -> d.getType() == com.aparapi.device.Device.TYPE.GPU ? 0 : 1));
        if (found.isEmpty() && !OpenCLLoader.isOpenCLAvailable()) {
          java.nio.file.Path tmp = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"));
          reason = java.nio.file.Files.isWritable(tmp)
              ? "Aparapi's native library did not load (it needs libOpenCL.so, the OpenCL ICD loader, and a "
                  + "writable java.io.tmpdir to unpack itself into)"
              : "Aparapi's native library did not load: it unpacks itself into java.io.tmpdir, and " + tmp
                  + " is not writable (point -Djava.io.tmpdir at a writable folder)";
        } else if (found.isEmpty()) {
          reason = "no OpenCL platform reports a device (is an ICD such as pocl-opencl-icd or a GPU driver installed?)";
        }
      } catch (LinkageError | RuntimeException e) {
        found.clear();
        reason = OpenClLayer.whyNot(e);
      }
      devices = List.copyOf(found);
      // PoCL replaces the JVM's SIGFPE handler as its devices start: check Java division still throws
      DivisionProbe.probe();
    }
    return devices;
  }

  /** Why {@link #list()} is empty, or null when it is not. */
  public static synchronized String unavailableReason() {
    list();
    return reason;
  }

  /**
   * The OpenCL device {@code device} is: the one its {@link Device#index()} numbers in {@link #list()}.
   * An error when it is not an OpenCL device.
   */
  public static OpenCLDevice of(Device device) {
    List<OpenCLDevice> all = list();
    if (device.kind() != Device.Kind.OPENCL || device.index() < 0 || device.index() >= all.size()) {
      throw new IllegalArgumentException(device + " is not one of this machine's " + all.size() + " OpenCL devices");
    }
    return all.get(device.index());
  }

  /** A short description: name, type and vendor. */
  public static String describe(OpenCLDevice d) {
    return d.getName() + " (" + d.getType() + ", " + d.getOpenCLPlatform().getVendor() + ")";
  }
}
