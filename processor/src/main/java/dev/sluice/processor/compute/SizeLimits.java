package dev.sluice.processor.compute;

import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import dev.sluice.runtime.protocol.Protocol;

/**
 * The largest numbers a pipeline may ask for, checked at compile time ({@code SizeValidator}) so that
 * no accepted pipeline overflows the {@code int} arithmetic of the generated code and the runtime, or
 * asks for buffers no JVM or device can allocate. Every number here is computed in {@code long}.
 *
 * <ul>
 *   <li>{@link #MAX_WIDTH}: a run is at most 2^16 items. On a GPU the width is the work-group size
 *       (at most 1024 on the devices measured, 4096 on PoCL); on the CPU a vector of 64K items
 *       already amortizes every per-run cost. The kernel's per-group scratch arrays are a small
 *       multiple of the width and stay far inside {@code int}.
 *   <li>{@link #MAX_INSTANCE_ITEMS}: any one buffer of one pipeline instance holds at most 2^24
 *       items (or slots): each data queue, the signal queues of all its stages together, the
 *       OpenCL kernel's user-signal payload pool, the parent buffers of all its regions together.
 *       That is 64 to 128 MiB per column and instance, thousands of times the default sizes (a
 *       queue of a few runs). With these bounds one work-group's scheduler state on the device
 *       (three words per signal slot, two per parent slot) stays below 2^27 words, and the
 *       runtime checks the product with the number of instances before it allocates.
 * </ul>
 */
public final class SizeLimits {
  /** The largest {@code @Pipeline(width)}. */
  public static final int MAX_WIDTH = 1 << 16;

  /**
   * The largest work-group of most GPUs (NVIDIA's; AMD's, whose default is 256, up to this): a wider
   * pipeline with a kernel is warned of (SLU139), since its runs are refused on them. PoCL allows 4096.
   */
  public static final int COMMON_GPU_GROUP = 1024;

  /** The most items or slots one buffer of one pipeline instance may hold. */
  public static final long MAX_INSTANCE_ITEMS = 1L << 24;

  /**
   * The most stages (the source and the sinks counted) and edges a pipeline may have. Some methods of
   * the generated classes grow with each: the scheduled CPU instance's constructor by about 98 bytes of
   * bytecode a stage (a queue, a node, a channel), the direct executor's {@code produce} by about 90 an
   * edge it writes a call along, and the JVM allows 65,535 a method. Measured (outside-in helper-84): a
   * chain of 650 stages has a 64,043-byte constructor and one of 500 a 48,995-byte one; a node with 128
   * channels, each read by a sink and a node (about 390 stages and edges), a 35,135-byte {@code produce}.
   */
  public static final int MAX_STAGES = 500;

  /** See {@link #MAX_STAGES}. */
  public static final int MAX_EDGES = 500;

  /**
   * The most sinks a pipeline may have: the result's constructor copies each, about 180 bytes of
   * bytecode a sink (23,573 bytes for 129 sinks).
   */
  public static final int MAX_SINKS = 250;

  private SizeLimits() {}

  /**
   * Signal queue slots of one instance: every stage's queue (the device scheduler keeps one ring per
   * stage, the source's included).
   */
  public static long signalSlots(PipelineModel model) {
    return (long) model.stages().stream().filter(s -> !s.isSink()).count() * model.settings().signalQueue();
  }

  /**
   * Payload slots of the OpenCL kernel's pool for one raised user tag, per work-group: for each stage
   * that may originate it, more than every signal queue can hold at once plus one item's raises
   * ({@link Protocol#MAX_SIGNALS_PER_VEC}); 0 when no node raises or there is no kernel.
   */
  public static long payloadSlots(PipelineModel model) {
    boolean raises = model.nodes().stream().anyMatch(s -> !s.node().raisedTags().isEmpty());
    if (!raises || !model.settings().gpu()) {
      return 0;
    }
    long stages = model.stages().stream().filter(s -> !s.isSink()).count();
    return stages * payloadSlotsPerOrigin(model);
  }

  /**
   * Payload slots per origin stage and user tag in a work-group's pool: more than the signals of one
   * origin that can be queued at once (every signal queue full, plus one item's raises), by the
   * runtime's function: the kernel reads the same number from its plan ({@code plan[P_POOL]}), and the
   * kernel writer only quotes it in the pool's Javadoc.
   */
  public static long payloadSlotsPerOrigin(PipelineModel model) {
    return Protocol.payloadSlotsPerOrigin(model.stages().stream().filter(s -> !s.isSink()).count(),
        model.settings().signalQueue());
  }

  /** Parent slots of one instance: the parent buffers of all regions. */
  public static long parentSlots(PipelineModel model) {
    return model.nodes().stream().filter(StageModel::isEnumerator)
        .mapToLong(s -> s.node().region().parentBuffer()).sum();
  }
}
