package dev.sluice.runtime;

/**
 * How a run is carried out: the device, how many pipeline instances run side by side, how many
 * input items an instance claims at a time, a bound on scheduler firings per instance (a hang
 * becomes an error instead of a stuck program), and who is told the run's progress (null: nobody).
 */
public record RunOptions(Device device, int instances, int chunkSize, long maxSteps, ProgressListener progress) {
  /** Input items an instance claims at a time when the chunk size is {@link #AUTOMATIC_CHUNK}, at most. */
  public static final int DEFAULT_CHUNK = 1 << 14;

  /**
   * The chunk size that leaves it to the back end: claims of {@link #DEFAULT_CHUNK} items, which the
   * CPU back end cuts, on an input of known length and with several instances, to at most 1/(8 x
   * instances) of the input still unclaimed, so an input of few, costly items is shared by every
   * instance and the last claims are small enough to end together. Where
   * chunk boundaries are not set, a result that depends on them (a user-signal window spanning two
   * chunks) is not defined: set a chunk size for such pipelines.
   */
  public static final int AUTOMATIC_CHUNK = 0;

  /** Options as given; null {@code device}: {@link Device#best()} when the run starts. */
  public RunOptions {
    if (instances < 0) {
      throw new IllegalArgumentException("instances must be >= 0 (0: one per core), not " + instances);
    }
    if (chunkSize < 0) {
      throw new IllegalArgumentException("chunkSize must be >= 1, or 0 for automatic, not " + chunkSize);
    }
    if (maxSteps < 1) {
      throw new IllegalArgumentException("maxSteps must be >= 1, not " + maxSteps);
    }
  }

  /** Options without a progress listener. */
  public RunOptions(Device device, int instances, int chunkSize, long maxSteps) {
    this(device, instances, chunkSize, maxSteps, null);
  }

  /** The options a builder starts with: the best device, one instance per core, automatic chunks, no step bound. */
  public static RunOptions defaults() {
    return new RunOptions(null, 0, AUTOMATIC_CHUNK, Long.MAX_VALUE);
  }

  /** Input items an instance claims at a time: the chunk size, or {@link #DEFAULT_CHUNK} when automatic. */
  public int claimSize() {
    return chunkSize == AUTOMATIC_CHUNK ? DEFAULT_CHUNK : chunkSize;
  }

  /** Whether the chunk size was left to the back end ({@link #AUTOMATIC_CHUNK}). */
  public boolean automaticChunks() {
    return chunkSize == AUTOMATIC_CHUNK;
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

  /** The instances a run starts: the count set, else the resolved device's parallelism. */
  public int resolvedInstances() {
    return instances > 0 ? instances : resolvedDevice().parallelism();
  }
}
