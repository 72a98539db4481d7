package dev.sluice;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a pipeline: an interface whose abstract methods are its stages. One method is the
 * {@link Source}; each node is a method returning its {@link Node} class and naming its upstream with
 * {@link From}; each {@link Sink} method returns the item type it collects. The method names are the
 * stage names that {@link From} refers to.
 *
 * <p>The processor generates {@code <Name>Pipeline} (or {@code <Name>Impl} when the interface name
 * already ends in {@code Pipeline}) beside the interface.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Pipeline {
  /**
   * Items a node consumes in one run (the vector width; on a GPU, the work-group size). At least 1;
   * a width past the processor's limit is a compile error (SLU123) that gives it.
   *
   * @return items per run, 64 by default
   */
  int width() default 64;

  /**
   * Data queue capacity as a multiple of the producer's worst-case output per run. Larger queues
   * mean fewer, fuller firings and more memory per pipeline instance. At least 1.
   *
   * @return the multiple, 4 by default
   */
  int queueScale() default 4;

  /**
   * Signal queue capacity per node: more than the signals one run of a node may queue,
   * {@code MAX_SIGNALS_PER_VEC + MAX_SIGNALS_PER_SIG} (constants of the runtime's
   * {@code dev.sluice.runtime.protocol.Protocol}); a smaller value is a compile error (SLU508) that
   * gives the sum.
   *
   * @return signals per node's queue, 16 by default
   */
  int signalQueue() default 16;

  /**
   * Whether the processor also writes the pipeline's OpenCL kernel. Node bodies must then stay in the
   * GPU subset (primitives, the item record's components, {@code java.lang.Math} and static methods
   * whose source is in the compilation; no {@code new} except {@code out.push(new R(...))} of the
   * channel's record type, no exceptions, labelled {@code break} or {@code continue}, {@code switch}
   * or {@code char}), checked at compile time with one error per construct (docs/gpu-backend.md,
   * "The GPU subset", lists them). {@code false} lifts those limits and keeps the pipeline on the CPU
   * back end.
   *
   * @return whether a kernel is written, {@code true} by default
   */
  boolean gpu() default true;
}
