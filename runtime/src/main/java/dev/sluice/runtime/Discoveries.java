package dev.sluice.runtime;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The {@link DeviceDiscovery} of each kind of device, loaded once per JVM with
 * {@link ServiceLoader} from the class loader that loaded the runtime (so a thread's context loader,
 * as in a Spark task, does not matter). A kind with no discovery, or one that fails to load, gets a
 * stand-in that finds no device and says why in every message that needs a device.
 */
final class Discoveries {
  private static volatile Map<Device.Kind, DeviceDiscovery> loaded;
  private static volatile String failure;

  private Discoveries() {}

  /** The discovery of {@code kind}; never null. */
  static DeviceDiscovery of(Device.Kind kind) {
    DeviceDiscovery d = all().get(kind);
    return d != null ? d : new Absent(kind, failure);
  }

  private static Map<Device.Kind, DeviceDiscovery> all() {
    Map<Device.Kind, DeviceDiscovery> m = loaded;
    if (m == null) {
      synchronized (Discoveries.class) {
        m = loaded;
        if (m == null) {
          m = new EnumMap<>(Device.Kind.class);
          try {
            for (DeviceDiscovery d : ServiceLoader.load(DeviceDiscovery.class, DeviceDiscovery.class.getClassLoader())) {
              DeviceDiscovery before = m.putIfAbsent(d.kind(), d);
              if (before != null) {
                throw new IllegalStateException("two device discoveries for " + d.kind() + ": "
                    + before.getClass().getName() + " and " + d.getClass().getName());
              }
            }
          } catch (ServiceConfigurationError | LinkageError e) {
            failure = e.toString();
          }
          loaded = m;
        }
      }
    }
    return m;
  }

  /** A kind whose back end is not on the class path, or did not load. */
  private record Absent(Device.Kind kind, String failure) implements DeviceDiscovery {
    @Override
    public List<Found> devices() {
      return List.of();
    }

    @Override
    public String unavailableReason() {
      return "the runtime has no " + kind + " back end to find devices with ("
          + (failure != null ? "loading it failed: " + failure
              : "no " + DeviceDiscovery.class.getName() + " for it in META-INF/services on the class path")
          + ")";
    }

    @Override
    public List<String> notes() {
      return List.of();
    }

    @Override
    public void checkSetting(String name, String value) {
      throw new IllegalArgumentException(kind + " devices have no setting " + name + ": " + unavailableReason());
    }
  }
}
