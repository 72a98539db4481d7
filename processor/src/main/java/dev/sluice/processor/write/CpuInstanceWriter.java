package dev.sluice.processor.write;

import com.squareup.javapoet.ArrayTypeName;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import dev.sluice.Signal;
import dev.sluice.processor.compute.RegionPlan;
import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.kernel.KernelNames;
import dev.sluice.processor.model.ChannelModel;
import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.HandlerModel;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.NodeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.RunParam;
import dev.sluice.processor.model.StageModel;
import dev.sluice.runtime.protocol.Failures;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;

/**
 * Writes {@code <Pipeline>_CpuInstance}: one pipeline instance for the CPU back end. It owns the
 * node objects, typed queues, channels and parent arrays of one instance, and implements the
 * runtime's {@code StageBodies}: the typed loops that call the user's methods. The scheduler that
 * decides what runs when is the runtime's; nothing here is protocol.
 */
final class CpuInstanceWriter {
  private final PipelineModel model;
  private final Schedule schedule;
  private final Names names;
  private final Set<TypeElement> stamped;

  /** {@code stamped}: the nodes this compilation stamped ({@link CpuBlocks#nodes}). */
  CpuInstanceWriter(PipelineModel model, Schedule schedule, Names names, Set<TypeElement> stamped) {
    this.model = model;
    this.schedule = schedule;
    this.names = names;
    this.stamped = stamped;
  }

  TypeSpec write() {
    TypeSpec.Builder t = TypeSpec.classBuilder(names.instance())
        .addModifiers(Modifier.FINAL)
        .superclass(Names.CPU_INSTANCE)
        .addJavadoc("One instance of {@link $T} on the CPU: its queues, channels, node objects and the\n"
            + "typed loops that call them. The runtime's scheduler decides what runs when.\n", names.api());
    queues(t);
    nodes(t);
    channels(t);
    parents(t);
    t.addMethod(constructor());
    t.addMethod(produce());
    List<StageModel> transforms = model.nodes().stream().filter(s -> !s.isEnumerator()).toList();
    List<StageModel> enumerators = model.nodes().stream().filter(StageModel::isEnumerator).toList();
    if (!transforms.isEmpty()) {
      t.addMethod(dispatchBy("process", TypeName.INT, transforms, "offset", "limit"));
      transforms.forEach(s -> t.addMethod(process(s)));
    }
    if (!enumerators.isEmpty()) {
      t.addMethod(dispatchBy("open", TypeName.INT, enumerators, "offset", "slot"));
      enumerators.forEach(s -> t.addMethod(open(s)));
      t.addMethod(elements(enumerators));
    }
    List<StageModel> handling = model.nodes().stream().filter(s -> !s.node().handlers().isEmpty()).toList();
    if (!handling.isEmpty()) {
      t.addMethod(dispatchBy("handle", TypeName.VOID, handling, "handler", "slot", "payload"));
      handling.forEach(s -> t.addMethod(handle(s)));
    }
    List<RegionPlan> regions = schedule.regions().stream().filter(r -> r.number() > 0).toList();
    if (!regions.isEmpty()) {
      MethodSpec.Builder m = MethodSpec.methodBuilder("parent").addAnnotation(Override.class)
          .addModifiers(Modifier.PUBLIC).returns(Object.class)
          .addParameter(int.class, "region").addParameter(int.class, "slot")
          .beginControlFlow("switch (region)");
      for (RegionPlan r : regions) {
        m.addStatement("case $L: return $N[slot]", r.number(), Names.parents(r.number()));
      }
      t.addMethod(m.addStatement("default: return null").endControlFlow().build());
    }
    return t.build();
  }

  private void queues(TypeSpec.Builder t) {
    for (StageModel s : model.nodes()) {
      t.addField(FieldSpec.builder(Names.queue(s.itemType()), Names.input(s.name()), Modifier.FINAL)
          .initializer("$L($T.PLAN.queueCapacity($L), false)", newOf(Names.queue(s.itemType())), names.api(),
              names.index(s.name()))
          .build());
    }
    for (StageModel s : model.sinks()) {
      t.addField(FieldSpec.builder(Names.queue(s.itemType()), Names.sink(s.name()), Modifier.FINAL)
          .initializer("$L($T.SINK_FIRST, true)", newOf(Names.queue(s.itemType())), Names.DATA_QUEUE)
          .build());
    }
  }

  /** {@code new Type} or {@code new Type<>} for a generic one, ready for its argument list. */
  private static CodeBlock newOf(TypeName t) {
    return t instanceof ParameterizedTypeName p ? CodeBlock.of("new $T<>", p.rawType) : CodeBlock.of("new $T", t);
  }

  private void nodes(TypeSpec.Builder t) {
    for (StageModel s : model.nodes()) {
      t.addField(Names.user(s.node().element()), Names.node(s.name()), Modifier.FINAL);
    }
  }

  private void channels(TypeSpec.Builder t) {
    for (StageModel s : names.stagesInPlanOrder()) {
      for (String c : s.channelNames()) {
        t.addField(channelField(s, c, s.isSource() ? s.itemType() : s.node().channel(c).orElseThrow().type(),
            s.isSource() ? "Integer.MAX_VALUE" : String.valueOf(s.node().channel(c).orElseThrow().max())));
      }
      if (s.isNode()) {
        for (ItemType tag : s.node().raisedTags()) {
          TypeName type = ParameterizedTypeName.get(Names.RAISE_CHANNEL, Names.type(tag));
          t.addField(FieldSpec.builder(type, Names.raise(s.name(), tag), Modifier.FINAL)
              .initializer("new $T<>($L, $T.PLAN.signal($S))", Names.RAISE_CHANNEL, names.index(s.name()),
                  names.api(), tag.simpleName())
              .build());
        }
      }
    }
  }

  private FieldSpec channelField(StageModel s, String channel, ItemType type, String max) {
    CodeBlock.Builder targets = CodeBlock.builder();
    for (EdgeModel e : model.outEdges(s.name())) {
      if (e.channel().equals(channel)) {
        targets.add(", $N", names.target(e.to()));
      }
    }
    return FieldSpec.builder(Names.channelType(type), Names.channel(s.name(), channel), Modifier.FINAL)
        .initializer("channel($L, $L($S, $L$L))", names.index(s.name()), newOf(Names.channelType(type)), channel,
            max, targets.build())
        .build();
  }

  private void parents(TypeSpec.Builder t) {
    for (RegionPlan r : schedule.regions()) {
      if (r.number() == 0) {
        continue;
      }
      TypeName element = Names.type(r.parentType());
      t.addField(FieldSpec.builder(ArrayTypeName.of(element), Names.parents(r.number()), Modifier.FINAL)
          .addJavadoc("Open parents of region $L (head $L), by parent-buffer slot.\n", r.number(), r.head())
          .initializer("new $T[$T.PLAN.regionParentBuffer($L)]", element, names.api(), r.number())
          .build());
    }
  }

  private MethodSpec constructor() {
    MethodSpec.Builder m = CpuBlocks.constructor(names).addCode(CpuBlocks.nodes(model, stamped));
    CodeBlock.Builder inputs = CodeBlock.builder().add("null");
    for (StageModel s : model.nodes()) {
      inputs.add(", $N", Names.input(s.name()));
    }
    CodeBlock.Builder raises = CodeBlock.builder();
    for (StageModel s : model.nodes()) {
      for (ItemType tag : s.node().raisedTags()) {
        raises.add(", $N", Names.raise(s.name(), tag));
      }
    }
    m.addStatement("start($T.PLAN, new $T[] {$L}, new $T[] {$L}, cursor, control$L)", names.api(),
        Names.DATA_QUEUE, inputs.build(), Names.DATA_QUEUE, CpuBlocks.sinks(model), raises.build());
    return m.build();
  }

  private MethodSpec produce() {
    StageModel src = model.source();
    ItemType type = src.itemType();
    String out = Names.channel(src.name(), src.name());
    MethodSpec.Builder m = CpuBlocks.produce(Modifier.PUBLIC);
    if (type.kind() == ItemType.Kind.INT || type.kind() == ItemType.Kind.LONG) {
      m.beginControlFlow("if (data == null)")
          .addComment("an index range: the items are the values base + position, pushed in bulk")
          .addStatement(type.kind() == ItemType.Kind.INT ? "$N.pushRange((int) (base + from), count)"
              : "$N.pushRange(base + from, count)", out)
          .addStatement("return")
          .endControlFlow();
    }
    if (type.isRecord()) {
      m.addCode(CpuBlocks.recordItems(type, out));
    } else {
      m.addComment("a plain array: the run's items are copied into the first queues in bulk")
          .addStatement("$N.pushAll(($T[]) data, from, count)", out, Names.type(type));
    }
    return m.build();
  }

  private MethodSpec dispatchBy(String method, TypeName returns, List<StageModel> stages, String... params) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(method)
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(returns)
        .addParameter(TypeName.INT, "stage");
    for (String p : params) {
      m.addParameter(p.equals("payload") ? TypeName.OBJECT : TypeName.INT, p);
    }
    String args = String.join(", ", params);
    m.beginControlFlow("switch (stage)");
    for (StageModel s : stages) {
      if (returns == TypeName.VOID) {
        m.addStatement("case $L: $N_$N($L); return", names.index(s.name()), method, KernelNames.part(s.name()), args);
      } else {
        m.addStatement("case $L: return $N_$N($L)", names.index(s.name()), method, KernelNames.part(s.name()), args);
      }
    }
    m.addStatement("default: $Lsuper.$N(stage, $L)", returns == TypeName.VOID ? "" : "return ", method, args);
    if (returns == TypeName.VOID) {
      m.addStatement("return");
    }
    m.endControlFlow();
    return m.build();
  }

  /** The run loop of a transform node over items of its input queue. */
  private MethodSpec process(StageModel s) {
    NodeModel node = s.node();
    int index = names.index(s.name());
    String in = Names.input(s.name());
    MethodSpec.Builder m = MethodSpec.methodBuilder("process_" + KernelNames.part(s.name()))
        .addModifiers(Modifier.PRIVATE)
        .returns(TypeName.INT)
        .addParameter(TypeName.INT, "offset")
        .addParameter(TypeName.INT, "limit");
    boolean usesParent = node.runParams().stream().anyMatch(p -> p.kind() == RunParam.Kind.PARENT);
    if (usesParent) {
      int region = schedule.stage(s.name()).label();
      m.addComment("the items of one run share a parent: runs stop at BEGIN/END signals");
      m.addStatement("$T parent = $N[runner().parentSlot($L)]", Names.type(schedule.region(region).parentType()),
          Names.parents(region), index);
    }
    m.addStatement("int i = 0");
    m.beginControlFlow("try");
    m.beginControlFlow("for (; i < limit; i++)");
    m.addStatement("$T item = $N.get(offset + i)", Names.type(s.itemType()), in);
    for (ChannelModel c : node.channels()) {
      if (c.pushedFromRun()) {
        m.addStatement("$N.beginItem()", Names.channel(s.name(), c.name()));
      }
    }
    m.addStatement("$N.$N($L)", Names.node(s.name()), node.method().getSimpleName().toString(),
        args(s, node.runParams(), "item", "parent"));
    if (!node.raisedTags().isEmpty()) {
      m.beginControlFlow("if (runner().raisedThisRun() > 0)")
          .addComment("a run's signals come from one item, at most MAX_SIGNALS_PER_VEC of them")
          .addStatement("return i + 1")
          .endControlFlow();
    }
    m.endControlFlow();
    // Throwable: node code may throw a checked exception it does not declare (a sneaky throw)
    m.nextControlFlow("catch ($T e)", Throwable.class);
    m.addStatement("throw runner().failure($L, $T.text($N.item(offset + i)), e)", index, Failures.class, in);
    m.endControlFlow();
    m.addStatement("return limit");
    return m.build();
  }

  /** The call's arguments; {@code item} and {@code parent} are code (a name or a {@link CodeBlock}). */
  private CodeBlock args(StageModel s, List<RunParam> params, Object item, Object parent) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (int i = 0; i < params.size(); i++) {
      RunParam p = params.get(i);
      if (i > 0) {
        b.add(", ");
      }
      switch (p.kind()) {
        case ITEM, SIGNAL -> b.add("$L", item);
        case PARENT -> b.add("$L", parent);
        case CHANNEL -> b.add("$N", Names.channel(s.name(), p.channel()));
        case RAISE -> b.add("$N", Names.raise(s.name(), p.type()));
      }
    }
    return b.build();
  }

  private MethodSpec open(StageModel s) {
    int region = schedule.regions().stream().filter(r -> r.number() > 0 && r.head().equals(s.name()))
        .mapToInt(RegionPlan::number).findFirst().orElseThrow();
    return MethodSpec.methodBuilder("open_" + KernelNames.part(s.name()))
        .addModifiers(Modifier.PRIVATE)
        .returns(TypeName.INT)
        .addParameter(TypeName.INT, "offset")
        .addParameter(TypeName.INT, "slot")
        .addStatement("$T parent = $N.get(offset)", Names.type(s.itemType()), Names.input(s.name()))
        .addStatement("$N[slot] = parent", Names.parents(region))
        .addStatement("return $N.$N(parent)", Names.node(s.name()), s.node().method().getSimpleName().toString())
        .build();
  }

  private MethodSpec elements(List<StageModel> enumerators) {
    MethodSpec.Builder m = MethodSpec.methodBuilder("elements")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(Names.INT_CHANNEL)
        .addParameter(TypeName.INT, "stage")
        .beginControlFlow("switch (stage)");
    for (StageModel s : enumerators) {
      m.addStatement("case $L: return $N", names.index(s.name()), Names.channel(s.name(), "elements"));
    }
    m.addStatement("default: return super.elements(stage)").endControlFlow();
    return m.build();
  }

  private MethodSpec handle(StageModel s) {
    NodeModel node = s.node();
    int label = schedule.stage(s.name()).label();
    MethodSpec.Builder m = MethodSpec.methodBuilder("handle_" + KernelNames.part(s.name()))
        .addModifiers(Modifier.PRIVATE)
        .addParameter(TypeName.INT, "handler")
        .addParameter(TypeName.INT, "slot")
        .addParameter(TypeName.OBJECT, "payload")
        .beginControlFlow("switch (handler)");
    List<HandlerModel> handlers = node.handlers();
    for (int h = 0; h < handlers.size(); h++) {
      HandlerModel handler = handlers.get(h);
      CodeBlock value = handler.tag() == Signal.USER
          ? CodeBlock.of("($T) payload", Names.type(handler.userTag()))
          : CodeBlock.of("$N[slot]", Names.parents(label));
      CodeBlock parent = label > 0
          ? CodeBlock.of("$N[runner().parentSlot($L)]", Names.parents(label), names.index(s.name()))
          : CodeBlock.of("null");
      m.addCode("case $L:\n", h).addCode("$>");
      for (String c : handler.channels()) {
        m.addStatement("$N.beginItem()", Names.channel(s.name(), c));
      }
      m.addStatement("$N.$N($L)", Names.node(s.name()), handler.name(),
          args(s, handler.params(), value, parent));
      m.addStatement("return").addCode("$<");
    }
    m.addStatement("default: throw new $T($S + handler)", IllegalStateException.class,
        "no handler " + s.name() + "#");
    m.endControlFlow();
    return m.build();
  }
}
