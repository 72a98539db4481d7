package dev.sluice.runtime;

/**
 * A device that is not there ({@link Device#opencl()}, {@link Device#gpu()} on a machine without
 * one), or a run on a named device that cannot run the pipeline: no kernel for it, or a kernel the
 * device's driver did not build or run (the message says which, and what to do). A device {@link Device#best()}
 * chose, or one from {@link Device#orCpu()}, gives way to the CPU back end instead. An
 * {@link IllegalStateException}, as before it had a type of its own, so that a command-line tool can
 * tell it from a fault and print it as one line.
 */
public final class DeviceUnavailableException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  /**
   * A device that is not there or cannot run the pipeline.
   *
   * @param message which device, why, and what to do
   * @param cause the driver's exception, or null
   */
  public DeviceUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
