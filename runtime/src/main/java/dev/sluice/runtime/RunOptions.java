package dev.sluice.runtime;

/**
 * How a run is carried out: the device, how many pipeline instances run side by side, how many
 * input items an instance claims at a time, a bound on scheduler firings per instance (a hang
 * becomes an error instead of a stuck program), and who is told the run's progress (null: nobody).
 */
public record RunOptions(Device device, int instances, int chunkSize, long maxSteps, ProgressListener progress) {
  public static final int DEFAULT_CHUNK = 1 << 14;

  public RunOptions {
    if (instances < 0) {
      throw new IllegalArgumentException("instances must be >= 0 (0: one per core), not " + instances);
    }
    if (chunkSize < 1) {
      throw new IllegalArgumentException("chunkSize must be >= 1, not " + chunkSize);
    }
    if (maxSteps < 1) {
      throw new IllegalArgumentException("maxSteps must be >= 1, not " + maxSteps);
    }
  }

  /** Options without a progress listener. */
  public RunOptions(Device device, int instances, int chunkSize, long maxSteps) {
    this(device, instances, chunkSize, maxSteps, null);
  }

  public static RunOptions defaults() {
    return new RunOptions(null, 0, DEFAULT_CHUNK, Long.MAX_VALUE);
  }

  /** The device to use: the one set, else {@link Device#best()}. */
  public Device resolvedDevice() {
    return device != null ? device : Device.best();
  }

  /** These options with the device resolved, so one run sees one device throughout. */
  public RunOptions resolved() {
    return device != null ? this : new RunOptions(Device.best(), instances, chunkSize, maxSteps, progress);
  }

  /** These options on another device. */
  public RunOptions on(Device other) {
    return new RunOptions(other, instances, chunkSize, maxSteps, progress);
  }

  public int resolvedInstances() {
    return instances > 0 ? instances : resolvedDevice().parallelism();
  }
}
