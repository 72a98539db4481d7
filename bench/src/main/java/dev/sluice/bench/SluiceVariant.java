package dev.sluice.bench;

import dev.sluice.runtime.Device;

import dev.sluice.runtime.opencl.Kernels;

/** A variant that runs a generated Sluice pipeline object (kept across runs, so its kernel is built once). */
public final class SluiceVariant implements Variant {
  /** One run of the pipeline. */
  @FunctionalInterface
  public interface Body {
    Outcome run();
  }

  private final Object pipeline;
  private final Body body;

  private SluiceVariant(Object pipeline, Body body) {
    this.pipeline = pipeline;
    this.body = body;
  }

  /** The property that picks the CPU back end's executor for {@code sluice-cpu} and {@code sluice-cpu-1t}. */
  public static final String CPU_EXECUTOR = "bench.cpu";

  /**
   * The CPU back end as {@code sluice-cpu} runs it: {@link Device#cpu()} (direct calls), or the queued
   * scheduler, {@link Device#cpuScheduled()}, with {@code -Dbench.cpu=scheduled}.
   */
  public static Device cpu() {
    String e = System.getProperty(CPU_EXECUTOR, "direct");
    return switch (e) {
      case "direct" -> Device.cpu();
      case "scheduled" -> Device.cpuScheduled();
      default -> throw new IllegalArgumentException("-D" + CPU_EXECUTOR + "=" + e + ": use direct or scheduled");
    };
  }

  public static SluiceVariant of(Object pipeline, Body body) {
    return new SluiceVariant(pipeline, body);
  }

  @Override
  public Outcome run() throws Unavailable {
    try {
      return body.run();
    } catch (IllegalStateException e) {
      // a pipeline without a kernel, asked to run on a named OpenCL device, refuses with the reason
      String m = String.valueOf(e.getMessage());
      if (m.contains("cannot run on")) {
        throw new Unavailable(m.replaceAll("\\s+", " "));
      }
      throw e;
    } catch (Kernels.KernelException e) {
      throw new Unavailable(e.getMessage());
    }
  }

  @Override
  public long deviceBytes() {
    return SluiceKernels.deviceBytes(pipeline);
  }
}
