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
  /** Items a node consumes in one run (the vector width; on a GPU, the work-group size). */
  int width() default 64;

  /**
   * Data queue capacity as a multiple of the producer's worst-case output per run. Larger queues
   * mean fewer, fuller firings and more memory per pipeline instance. At least 1.
   */
  int queueScale() default 4;

  /** Signal queue capacity per node. At least {@code MAX_SIGNALS_PER_VEC + MAX_SIGNALS_PER_SIG + 1}. */
  int signalQueue() default 16;

  /**
   * Whether the processor also writes the pipeline's OpenCL kernel. Node bodies must then stay in the
   * GPU subset (primitives, the item record's components, {@code java.lang.Math} and static methods;
   * no allocation, exceptions, {@code break}, {@code switch} or {@code char}), checked at compile time
   * with one error per construct. {@code false} lifts those limits and keeps the pipeline on the CPU
   * back end.
   */
  boolean gpu() default true;
}
