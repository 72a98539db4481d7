package dev.sluice.bench;

/**
 * A benchmark workload: generates its input at a given scale, computes the reference output with a
 * plain-Java reference implementation, and supplies one {@link Variant} per {@link Impl}. To add a
 * workload, implement this interface (see {@code workloads/BlastWorkload} for one read from files)
 * and list it in {@link Bench#workloads}.
 */
public interface Workload {
  /** Short name for tables, e.g. {@code synthgain-1}. */
  String name();

  /** One line: what the pipeline does and what an input item is. */
  String description();

  /** Input items at scale 1 (quick mode divides this). */
  long baseItems(boolean quick);

  /** Generates the input of {@code items} input items and its reference output. */
  Prepared prepare(long items);

  /** Releases what the variants kept across input sizes (compiled kernels, device buffers). */
  default void close() {}

  /** One input with its reference, and the implementations that run over it. */
  interface Prepared {
    /** Input items (what items/s counts). */
    long inputItems();

    /** Output items of the reference (for the table). */
    long outputItems();

    /** The reference output's fingerprint; every implementation must match it. */
    Fingerprint expected();

    /** The fingerprint of an output returned by one of this input's variants. */
    Fingerprint fingerprint(Object output);

    /** Sets up implementation {@code impl} for this input (builds pipelines, compiles kernels lazily). */
    Variant variant(Impl impl) throws Variant.Unavailable;
  }
}
