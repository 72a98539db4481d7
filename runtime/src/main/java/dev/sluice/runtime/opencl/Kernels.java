package dev.sluice.runtime.opencl;

import com.aparapi.Kernel;
import com.aparapi.Range;
import com.aparapi.device.OpenCLDevice;
import com.aparapi.exception.CompileFailedException;

/**
 * Compiles and runs Aparapi kernels on one OpenCL device, and never lets Aparapi fall back to its
 * Java thread pool: a kernel that does not compile is an error carrying the reason, and a run that
 * did not execute as OpenCL on the chosen device is an error too.
 */
public final class Kernels {
  private Kernels() {}

  /** Compiles {@code kernel} for {@code device} before any run; buffers are then moved explicitly. */
  public static void compile(Kernel kernel, OpenCLDevice device) {
    kernel.setExplicit(true);
    try {
      kernel.compile(device);
    } catch (CompileFailedException | RuntimeException e) {
      throw new KernelException("kernel " + kernel.getClass().getName() + " did not compile for "
          + OpenClDevices.describe(device) + ": " + e.getMessage(), e);
    }
  }

  /** Runs a compiled kernel over {@code range} and checks that it really ran as OpenCL there. */
  public static void execute(Kernel kernel, Range range, OpenCLDevice device) {
    kernel.execute(range);
    if (!kernel.isRunningCL() || kernel.getTargetDevice() != device) {
      throw new KernelException("kernel " + kernel.getClass().getName() + " did not run as OpenCL on "
          + OpenClDevices.describe(device) + " but on " + kernel.getTargetDevice()
          + " (Aparapi's fallback); refusing the result", null);
    }
  }

  /** A kernel that failed to compile or ran somewhere other than the chosen device. */
  public static final class KernelException extends RuntimeException {
    public KernelException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
