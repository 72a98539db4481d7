package dev.sluice.spark;

import java.io.Serializable;

/**
 * How to build the pipeline object on an executor, given where it runs there. It is serializable and
 * travels once per executor as a Spark broadcast variable, together with everything it captures (node
 * factories, {@code @Param} arrays such as a sequence index); each executor JVM calls it once per
 * {@link Slot} and reuses the pipeline object for all its tasks.
 *
 * <pre>
 * slot -&gt; BlastPipeline.builder().lookup(...).extend(...)
 *     .device(slot.device()).instances(slot.instances()).build()
 * </pre>
 *
 * @param <P> the generated pipeline class
 */
@FunctionalInterface
public interface PipelineFactory<P> extends Serializable {
  P build(Slot slot);
}
