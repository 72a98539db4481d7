package dev.sluice.runtime.testing;

import dev.sluice.runtime.opencl.OpenClDriver;

/** Runs test code with the OpenCL driver streaming its input in slices of a given size. */
public final class SliceSize {
  private SliceSize() {}

  /** Runs {@code body} with {@link OpenClDriver#SLICE_PROPERTY} set to {@code items}, then restores it. */
  public static void with(int items, Runnable body) {
    String before = System.setProperty(OpenClDriver.SLICE_PROPERTY, String.valueOf(items));
    try {
      body.run();
    } finally {
      if (before == null) {
        System.clearProperty(OpenClDriver.SLICE_PROPERTY);
      } else {
        System.setProperty(OpenClDriver.SLICE_PROPERTY, before);
      }
    }
  }
}
