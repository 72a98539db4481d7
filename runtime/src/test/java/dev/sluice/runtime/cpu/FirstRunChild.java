package dev.sluice.runtime.cpu;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.opencl.OpenClDevices;

/**
 * The JVM {@link FirstRunTest} starts: chooses a device twice (the device line must appear once),
 * then reports on stdout the OpenCL platforms and their versions, whether Java's division by zero throws, and how a run
 * on the CPU back end went.
 */
public final class FirstRunChild {
  private static volatile int zero;

  private FirstRunChild() {}

  public static void main(String[] args) {
    Device.best();
    Device.best();
    StringBuilder vendors = new StringBuilder();
    StringBuilder versions = new StringBuilder();
    OpenClDevices.list().forEach(d -> vendors.append(d.getOpenCLPlatform().getVendor()).append(';'));
    OpenClDevices.list().forEach(d -> versions.append(d.getOpenCLPlatform().getVersion()).append(';'));
    System.out.println("platforms: " + vendors);
    System.out.println("versions: " + versions);
    try {
      System.out.println("division: returned " + (7 / zero));
    } catch (ArithmeticException e) {
      System.out.println("division: throws");
    }
    try {
      int[] in = {1, 2, 3, 4, 5, 6, 7, 8};
      int kept = new ExpandPipeline(4, 1, 16, 1).run(in, new RunOptions(Device.cpu(), 1, 4, 1_000_000)).kept().size();
      System.out.println("cpu run: ok, " + kept + " kept");
    } catch (IllegalStateException e) {
      System.out.println("cpu run: failed: " + e.getMessage());
    }
  }
}
