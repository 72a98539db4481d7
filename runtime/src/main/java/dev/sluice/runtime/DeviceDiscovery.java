package dev.sluice.runtime;

import java.util.List;

/**
 * How a back end that needs hardware finds it: the devices of one {@link Device.Kind} this machine
 * offers, why there are none, and the settings a {@link Device} of that kind takes. The OpenCL back
 * end provides one ({@code opencl.OpenClDiscovery}); {@link Device} reaches it through
 * {@link java.util.ServiceLoader} (registered in the runtime jar's {@code META-INF/services}), so the
 * root package, which the back ends build on, imports none of them.
 *
 * <p><b>Internal</b>, for the back ends and the generated code (public across their packages); not
 * an API, and it may change in any release.
 */
public interface DeviceDiscovery {
  /** What {@link Device} needs to know of one device found: plain facts, no handle. */
  record Found(String description, Device.Hardware hardware, int parallelism) {}

  /** The kind of device this back end runs. */
  Device.Kind kind();

  /**
   * The devices present, in the order that numbers them ({@code opencl:N} is the N-th); empty when
   * the back end cannot be used here. The same list, in the same order, for the JVM's lifetime.
   */
  List<Found> devices();

  /** Why {@link #devices()} is empty, or null when it is not. */
  String unavailableReason();

  /**
   * Sentences about the devices present that the device line adds (no final full stop), such as
   * what a warning the back end's native layer prints on stderr means; empty when there is nothing to say.
   */
  List<String> notes();

  /**
   * Checks one per-device setting ({@link Device#with}): an {@link IllegalArgumentException} naming
   * the setting and the value when this back end has no such setting or cannot use that value.
   */
  void checkSetting(String name, String value);
}
