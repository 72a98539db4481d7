package dev.sluice.bench;

/** The implementations every workload is measured with, in table order. */
public enum Impl {
  SLUICE_CPU("sluice-cpu", "Sluice CPU back end"),
  SLUICE_CPU_1T("sluice-cpu-1t", "Sluice CPU back end, 1 instance (to compare with fused-1t)"),
  SLUICE_OPENCL("sluice-opencl", "Sluice OpenCL back end (one fused kernel)"),
  FUSED_1T("fused-1t", "hand-fused loop, 1 thread"),
  FUSED_PAR("fused-par", "hand-fused loop, parallel over chunks"),
  STREAM_PAR("stream-par", "java.util.stream, parallel, flatMap"),
  APARAPI_STAGES("aparapi-stages", "Aparapi, one kernel per stage, host compaction");

  /** Short name for tables and the chart. */
  public final String id;
  public final String description;

  Impl(String id, String description) {
    this.id = id;
    this.description = description;
  }

  /** The implementation whose {@link #id} is {@code id}; a message listing the ids if none is. */
  public static Impl byId(String id) {
    for (Impl i : values()) {
      if (i.id.equals(id)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no implementation '" + id + "'; the implementations are "
        + java.util.Arrays.stream(values()).map(i -> i.id).toList());
  }

  /** Whether this implementation runs on an OpenCL device. */
  public boolean openCl() {
    return this == SLUICE_OPENCL || this == APARAPI_STAGES;
  }
}
