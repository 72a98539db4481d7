package dev.sluice.processor.write;

import com.squareup.javapoet.ArrayTypeName;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import dev.sluice.processor.kernel.KernelNames;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * The systematic names and types of generated code: one place that says what a stage's queue,
 * channel, node field and parent array are called and which runtime class holds each item type.
 */
final class Names {
  static final String RUNTIME = "dev.sluice.runtime";
  static final ClassName PLAN = ClassName.get(RUNTIME + ".plan", "PipelinePlan");
  static final ClassName PLAN_BUILDER = PLAN.nestedClass("Builder");
  static final ClassName RUN_OPTIONS = ClassName.get(RUNTIME, "RunOptions");
  static final ClassName PROGRESS_LISTENER = ClassName.get(RUNTIME, "ProgressListener");
  static final ClassName RUN_REPORT = ClassName.get(RUNTIME, "RunReport");
  static final ClassName DEVICE = ClassName.get(RUNTIME, "Device");
  static final ClassName NODE_OBJECTS = ClassName.get(RUNTIME, "NodeObjects");
  static final ClassName OPENCL_DRIVER = ClassName.get(RUNTIME + ".opencl", "OpenClDriver");
  static final ClassName KERNELS = ClassName.get(RUNTIME + ".opencl", "Kernels");
  static final ClassName KERNEL_EXCEPTION = KERNELS.nestedClass("KernelException");
  static final ClassName LIVE_KERNELS = ClassName.get(RUNTIME + ".opencl", "LiveKernels");
  static final ClassName CPU_DRIVER = ClassName.get(RUNTIME + ".cpu", "CpuDriver");
  static final ClassName OUTCOME = CPU_DRIVER.nestedClass("Outcome");
  static final ClassName CPU_INSTANCE = ClassName.get(RUNTIME + ".cpu", "CpuInstance");
  static final ClassName INPUT_CURSOR = ClassName.get(RUNTIME + ".input", "InputCursor");
  static final ClassName ROW_REFUSED = ClassName.get(RUNTIME + ".input", "RowRefused");
  static final ClassName RUN_CONTROL = ClassName.get(RUNTIME + ".cpu", "RunControl");
  static final ClassName RAISE_CHANNEL = ClassName.get(RUNTIME + ".cpu", "RaiseChannel");
  static final ClassName INT_CHANNEL = ClassName.get(RUNTIME + ".cpu", "IntChannel");
  static final ClassName DATA_QUEUE = ClassName.get(RUNTIME + ".queue", "DataQueue");
  static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");
  static final String PROCESSOR = "dev.sluice.processor.SluiceProcessor";

  private final PipelineModel model;

  Names(PipelineModel model) {
    this.model = model;
  }

  ClassName api() {
    return ClassName.get(model.packageName(), model.generatedName());
  }

  /** The generated pipeline's {@code Result}. */
  ClassName result() {
    return api().nestedClass("Result");
  }

  ClassName instance() {
    return ClassName.get(model.packageName(), model.generatedName() + "_CpuInstance");
  }

  /** Stage index in the plan: the source is 0, nodes follow in declaration order. */
  int index(String stage) {
    List<StageModel> ordered = stagesInPlanOrder();
    for (int i = 0; i < ordered.size(); i++) {
      if (ordered.get(i).name().equals(stage)) {
        return i;
      }
    }
    throw new IllegalArgumentException("not a node or source: " + stage);
  }

  List<StageModel> stagesInPlanOrder() {
    return java.util.stream.Stream.concat(java.util.stream.Stream.of(model.source()), model.nodes().stream())
        .toList();
  }

  static String input(String stage) {
    return "in_" + KernelNames.part(stage);
  }

  static String sink(String stage) {
    return "sink_" + KernelNames.part(stage);
  }

  /**
   * The field holding node {@code stage}'s factory, in the pipeline class and its builder: prefixed,
   * so that no stage name can take the name of their own fields ({@code options}, {@code device},
   * {@code instances}, ...); the builder's method for it is the stage's name itself.
   */
  static String factory(String stage) {
    return "factory_" + KernelNames.part(stage);
  }

  static String node(String stage) {
    return "node_" + KernelNames.part(stage);
  }

  static String channel(String stage, String channel) {
    return "out_" + KernelNames.part(stage) + "_" + KernelNames.part(channel);
  }

  static String parents(int region) {
    return "parents_" + region;
  }

  /** The count of signals the current item of {@code stage} has raised, of all its tags. */
  static String raised(String stage) {
    return "raised_" + KernelNames.part(stage);
  }

  static String raise(String stage, ItemType tag) {
    return "raise_" + KernelNames.part(stage) + "_" + KernelNames.part(tag.simpleName());
  }

  /** The queue or sink buffer field an edge writes into. */
  String target(String to) {
    return model.stage(to).isSink() ? sink(to) : input(to);
  }

  static TypeName type(ItemType t) {
    return switch (t.kind()) {
      case INT -> TypeName.INT;
      case LONG -> TypeName.LONG;
      case FLOAT -> TypeName.FLOAT;
      case DOUBLE -> TypeName.DOUBLE;
      case RECORD -> user(t.element());
    };
  }

  /**
   * The member types of Aparapi's {@code Kernel} (its own; {@code Object} has none), which the generated
   * kernel inherits: inside it, {@code Entry} is {@code Kernel.Entry}, whatever the imports and the
   * package say ({@code NamesTest} keeps the list equal to Aparapi's).
   */
  static final java.util.Set<String> KERNEL_MEMBER_TYPES = java.util.Set.of("Constant", "Entry", "EXECUTION_MODE",
      "KernelState", "Local", "NoCL", "OpenCLDelegate", "OpenCLMapping", "PrivateMemorySpace");

  /**
   * How the generated classes name a user's type (node, record, tag): as {@link ClassName#get}, but
   * a type whose top-level type is named like a member type of {@code Kernel} is written in full
   * ({@code t.Entry}, {@code t.Local.Scale}),
   * since the kernel would take the simple name for Kernel's. JavaPoet writes a type of the file's own
   * package by its simple name whatever clashes, hence a name it prints as it is. A type of the
   * unnamed package has no longer name: PipelineWriter refuses such a clash (SLU132).
   */
  static ClassName user(TypeElement type) {
    ClassName name = ClassName.get(type);
    // a nested type is written from its top-level type on (Local.Scale): that name is what may be hidden
    boolean hidden = KERNEL_MEMBER_TYPES.contains(name.topLevelClassName().simpleName())
        && !name.packageName().isEmpty();
    return hidden ? ClassName.get("", name.canonicalName()) : name;
  }

  private static String prefix(ItemType t) {
    return switch (t.kind()) {
      case INT -> "Int";
      case LONG -> "Long";
      case FLOAT -> "Float";
      case DOUBLE -> "Double";
      case RECORD -> "Obj";
    };
  }

  static TypeName queue(ItemType t) {
    ClassName raw = ClassName.get(RUNTIME + ".queue", prefix(t) + "Queue");
    return t.isRecord() ? ParameterizedTypeName.get(raw, type(t)) : raw;
  }

  static TypeName channelType(ItemType t) {
    ClassName raw = ClassName.get(RUNTIME + ".cpu", prefix(t) + "Channel");
    return t.isRecord() ? ParameterizedTypeName.get(raw, type(t)) : raw;
  }

  /** What a sink hands the user: a primitive array or a list of records. */
  static TypeName sinkResult(ItemType t) {
    return t.isRecord()
        ? ParameterizedTypeName.get(ClassName.get(List.class), type(t))
        : ArrayTypeName.of(type(t));
  }

  static String capitalize(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
