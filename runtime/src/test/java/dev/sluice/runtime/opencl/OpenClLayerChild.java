package dev.sluice.runtime.opencl;

import dev.sluice.runtime.Device;

/** Prints the device {@link Device#best()} picks and why there is no OpenCL device, in a fresh JVM. */
public final class OpenClLayerChild {
  private OpenClLayerChild() {}

  public static void main(String[] args) {
    System.out.println("best: " + Device.best().name());
    System.out.println("reason: " + OpenClDevices.unavailableReason());
  }
}
