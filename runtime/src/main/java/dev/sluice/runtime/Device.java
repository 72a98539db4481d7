package dev.sluice.runtime;

import java.util.Locale;

/**
 * Where a pipeline runs. {@link #best()} picks the best device present; the system property
 * {@code sluice.device} or the environment variable {@code SLUICE_DEVICE} forces one
 * ({@code cpu}/{@code jvm}). The CPU back end runs one pipeline instance per core.
 */
public final class Device {
  /** Kinds of device, one driver each. */
  public enum Kind { JVM }

  public static final String PROPERTY = "sluice.device";
  public static final String ENVIRONMENT = "SLUICE_DEVICE";

  private final Kind kind;
  private final String name;
  private final int parallelism;

  private Device(Kind kind, String name, int parallelism) {
    this.kind = kind;
    this.name = name;
    this.parallelism = parallelism;
  }

  /** The CPU back end with one pipeline instance per available core. */
  public static Device cpu() {
    int cores = Runtime.getRuntime().availableProcessors();
    return new Device(Kind.JVM, "JVM (" + cores + " cores, " + System.getProperty("java.vm.name")
        + " " + System.getProperty("java.version") + ")", cores);
  }

  /**
   * The device named by {@code -Dsluice.device} or {@code SLUICE_DEVICE}, else the best one present.
   * This build has the CPU back end only, so the best device is the JVM; naming another device is an
   * error rather than a silent substitution.
   */
  public static Device best() {
    String forced = System.getProperty(PROPERTY);
    if (forced == null || forced.isBlank()) {
      forced = System.getenv(ENVIRONMENT);
    }
    if (forced == null || forced.isBlank()) {
      return cpu();
    }
    return named(forced);
  }

  /** The device with this name: {@code cpu} or {@code jvm}. */
  public static Device named(String spec) {
    String s = spec.trim().toLowerCase(Locale.ROOT);
    if (s.equals("cpu") || s.equals("jvm")) {
      return cpu();
    }
    throw new IllegalArgumentException("unknown device '" + spec + "' (from " + PROPERTY + " or "
        + ENVIRONMENT + "); this build has: cpu");
  }

  public Kind kind() {
    return kind;
  }

  public String name() {
    return name;
  }

  /** Pipeline instances run side by side by default. */
  public int parallelism() {
    return parallelism;
  }

  @Override
  public String toString() {
    return name;
  }
}
