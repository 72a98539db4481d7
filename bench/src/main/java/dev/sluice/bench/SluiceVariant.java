package dev.sluice.bench;

import dev.sluice.runtime.Device;

import dev.sluice.runtime.opencl.Kernels;

/** A variant that runs a generated Sluice pipeline object (its body keeps the object across runs). */
public final class SluiceVariant implements Variant {
  /** One run of the pipeline. */
  @FunctionalInterface
  public interface Body {
    Outcome run();
  }

  private final Body body;

  private SluiceVariant(Body body) {
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

  public static SluiceVariant of(Body body) {
    return new SluiceVariant(body);
  }

  /** The report of the last run (its device use says what the kernel's buffers held). */
  private dev.sluice.runtime.RunReport last;

  @Override
  public Outcome run() throws Unavailable {
    try {
      Outcome o = body.run();
      last = o.report();
      return o;
    } catch (Kernels.KernelException e) {
      throw new Unavailable(e.getMessage());
    } catch (IllegalStateException e) {
      // a pipeline without a kernel, asked to run on a named OpenCL device, refuses with the reason
      String m = String.valueOf(e.getMessage());
      if (m.contains("cannot run on")) {
        throw new Unavailable(m.replaceAll("\\s+", " "));
      }
      throw e;
    }
  }

  /** The most bytes the kernel's buffers held in the last run (its report's device use); 0 off OpenCL. */
  @Override
  public long deviceBytes() {
    return last == null || last.deviceUse() == null ? 0 : last.deviceUse().peakBytes();
  }
}
