package dev.sluice.processor.write;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import dev.sluice.processor.compute.RegionPlan;
import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.compute.SizeLimits;
import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.HandlerModel;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import dev.sluice.runtime.protocol.Protocol;
import java.util.ArrayList;
import java.util.List;

/**
 * What the kernel class's two writers ({@link KernelWriter} for the device half, {@link KernelHostWriter}
 * for the host half) both read off the model and the schedule: sizes, pools, sink numbers, edges.
 */
final class KernelShape {
  static final ClassName KERNEL = ClassName.get("com.aparapi", "Kernel");
  static final ClassName LOCAL = KERNEL.nestedClass("Local");
  static final ClassName SCHED = ClassName.get(Names.RUNTIME + ".protocol", "Scheduler");
  static final ClassName LAYOUT = ClassName.get(Names.RUNTIME + ".protocol", "StateLayout");
  static final ClassName PLAN_CODE = ClassName.get(Names.RUNTIME + ".protocol", "PlanCode");
  static final ClassName PROGRAM = ClassName.get(Names.RUNTIME + ".opencl", "DeviceProgram");
  static final ClassName SINK_ITEMS = ClassName.get(Names.RUNTIME + ".opencl", "SinkItems");
  static final ClassName DEVICE_MEMORY = ClassName.get(Names.RUNTIME + ".opencl", "DeviceMemory");
  static final ClassName HOST_ARRAYS = ClassName.get(Names.RUNTIME + ".opencl", "HostArrays");
  static final ClassName PENDING_PUTS = ClassName.get(Names.RUNTIME + ".opencl", "PendingPuts");
  /** Most raises one item may make, as on the CPU. */
  static final int RAISES = Protocol.MAX_SIGNALS_PER_VEC;

  final PipelineModel model;
  final Schedule schedule;
  final Names names;
  /** Lanes per work-group: the pipeline's width. */
  final int width;
  /** Largest channel count of any stage: the lanes' count arrays hold that many rows. */
  final int rows;

  KernelShape(PipelineModel model, Schedule schedule, Names names) {
    this.model = model;
    this.schedule = schedule;
    this.names = names;
    this.width = model.settings().width();
    int r = 1;
    for (StageModel s : model.nodes()) {
      r = Math.max(r, s.node().channels().size());
    }
    this.rows = r;
  }

  /** Region {@code r}'s parent buffer per group, read from the plan (its one carrier, as a queue's capacity is). */
  static CodeBlock parentBufferOf(RegionPlan r) {
    return CodeBlock.of("plan[$T.regionOf(plan, $L) + $T.R_BUFFER]", PLAN_CODE, r.number(), PLAN_CODE);
  }

  static ClassName className(Names names) {
    return names.api().peerClass(names.api().simpleName() + "_Kernel");
  }

  /**
   * Payload slots per origin stage and user tag in a work-group's pool: more than the signals of one
   * origin that can be queued at once (every signal queue full, plus one item's raises). Signals of
   * one origin and tag travel the same edges in order, so a slot is reused only after its signal is gone.
   */
  int poolSize() {
    // SizeLimits bounded it at compile time, so it fits an int
    return Math.toIntExact(SizeLimits.payloadSlotsPerOrigin(model));
  }

  boolean raises(StageModel s) {
    return s.isNode() && !s.node().raisedTags().isEmpty();
  }

  boolean anyRaises() {
    return model.nodes().stream().anyMatch(this::raises);
  }

  /** The user tags raised or handled anywhere in the pipeline (each has a payload pool). */
  List<ItemType> raisedTags() {
    List<ItemType> out = new ArrayList<>();
    for (StageModel s : model.nodes()) {
      for (ItemType t : s.node().raisedTags()) {
        if (!out.contains(t)) {
          out.add(t);
        }
      }
      for (HandlerModel h : s.node().handlers()) {
        if (h.userTag() != null && !out.contains(h.userTag())) {
          out.add(h.userTag());
        }
      }
    }
    return out;
  }

  int capacity(String stage) {
    return schedule.stage(stage).queueCapacity();
  }

  int sinkIndex(String sink) {
    return model.sinks().indexOf(model.stage(sink));
  }

  List<EdgeModel> edges(String stage, String channel) {
    return model.edges().stream().filter(e -> e.from().equals(stage) && e.channel().equals(channel)).toList();
  }

  RegionPlan regionHeadedBy(StageModel s) {
    return schedule.regions().stream().filter(r -> r.head().equals(s.name())).findFirst().orElseThrow();
  }
}
