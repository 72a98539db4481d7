package dev.sluice.runtime.opencl;

/** Lists the OpenCL devices in a fresh JVM and prints how many PoCL's are, with the device line's notes. */
public final class PoclCacheChild {
  private PoclCacheChild() {}

  public static void main(String[] args) {
    long pocl = OpenClDevices.list().stream().filter(d -> d.getOpenCLPlatform().getVendor().contains("pocl")).count();
    System.out.println("pocl devices: " + pocl);
    System.out.println("reason: " + OpenClDevices.unavailableReason());
    new OpenClDiscovery().notes().forEach(n -> System.out.println("note: " + n));
  }
}
