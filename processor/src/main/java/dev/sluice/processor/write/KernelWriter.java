package dev.sluice.processor.write;

import static dev.sluice.processor.write.KernelShape.DEVICE_MEMORY;
import static dev.sluice.processor.write.KernelShape.KERNEL;
import static dev.sluice.processor.write.KernelShape.LAYOUT;
import static dev.sluice.processor.write.KernelShape.LOCAL;
import static dev.sluice.processor.write.KernelShape.PLAN_CODE;
import static dev.sluice.processor.write.KernelShape.PROGRAM;
import static dev.sluice.processor.write.KernelShape.RAISES;
import static dev.sluice.processor.write.KernelShape.SCHED;

import com.squareup.javapoet.ArrayTypeName;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import dev.sluice.processor.compute.RegionPlan;
import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.kernel.BodyTranslator;
import dev.sluice.processor.kernel.KernelNames;
import dev.sluice.processor.kernel.KernelPlanner;
import dev.sluice.processor.model.ChannelModel;
import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.FieldModel;
import dev.sluice.processor.model.HandlerModel;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.RunParam;
import dev.sluice.processor.model.StageModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Writes {@code <Name>Pipeline_Kernel}: the whole pipeline as one Aparapi kernel. Work-group
 * {@code g} is pipeline instance {@code g}; its queues are slices of global arrays. Each pass of the
 * persistent loop is one run: lane 0 asks {@code Scheduler} which node fires next and on which
 * items, every lane fires that node on one item (staging its pushes per lane), lane 0 turns the
 * lanes' counts into offsets with a prefix sum in local memory and reserves room in the target queues
 * (sinks with {@code atomicAdd}), the lanes scatter their items there, and lane 0 updates the
 * scheduler. Four barriers per run; the loop's control flow is uniform across the group.
 *
 * <p>This writer writes the device half, the code Aparapi translates; {@link KernelHostWriter} writes
 * the host half ({@code DeviceProgram}) into the same class.
 */
final class KernelWriter {
  /** Where the reserved edge bases start in {@code ctl}, after stage, offset, items, parent slot and handler. */
  private static final int CTL_EDGES = 5;

  private final KernelShape shape;
  private final PipelineModel model;
  private final Schedule schedule;
  private final Names names;
  private final Map<String, BodyTranslator.Translation> bodies;
  private final Map<String, String> translatedFrom;
  private final boolean checkRows;
  private final int width;
  private final int rows;
  private final int ctlSize;

  /**
   * {@code translatedFrom}: the stamp of each node's source, by binary name ({@link SourceStampWriter});
   * {@code checkRows}: the source's record declares a canonical constructor, which the host runs on
   * each row of {@code runColumns} ({@link KernelHostWriter}).
   */
  KernelWriter(PipelineModel model, Schedule schedule, Names names, Map<String, BodyTranslator.Translation> bodies,
      Map<String, String> translatedFrom, boolean checkRows) {
    this.shape = new KernelShape(model, schedule, names);
    this.model = model;
    this.schedule = schedule;
    this.names = names;
    this.bodies = bodies;
    this.translatedFrom = translatedFrom;
    this.checkRows = checkRows;
    this.width = shape.width;
    this.rows = shape.rows;
    this.ctlSize = CTL_EDGES + model.edges().size();
  }

  static ClassName className(Names names) {
    return KernelShape.className(names);
  }

  TypeSpec write() {
    TypeSpec.Builder t = TypeSpec.classBuilder(className(names))
        .addModifiers(Modifier.FINAL)
        .superclass(KERNEL)
        .addSuperinterface(PROGRAM)
        .addJavadoc("$L as one OpenCL kernel (Aparapi): one pipeline instance per work-group. The device\n"
            + "scheduler is {@link $T}; node bodies are translated from their {@code run} methods.\n",
            model.simpleName(), SCHED);
    fields(t);
    t.addMethod(deviceBytes(t));
    t.addMethod(localBytes(t));
    t.addMethod(constructor());
    t.addMethod(runMethod());
    t.addMethod(decide());
    for (StageModel s : names.stagesInPlanOrder()) {
      if (s.isSource()) {
        t.addMethod(sourceLanes(s));
      } else if (s.isEnumerator()) {
        t.addMethod(elementLanes(s));
        t.addMethod(open(s));
        t.addMethod(count(s));
      } else {
        t.addMethod(lanes(s));
        t.addMethod(laneBody(s));
        if (!s.node().handlers().isEmpty()) {
          t.addMethod(signalLanes(s));
          for (int h = 0; h < s.node().handlers().size(); h++) {
            t.addMethod(handlerBody(s, h));
          }
        }
        for (ChannelModel c : s.node().channels()) {
          t.addMethod(push(s, c));
        }
        for (ItemType tag : s.node().raisedTags()) {
          t.addMethod(raise(s, tag));
        }
        t.addMethod(reserve(s));
        t.addMethod(scatter(s));
      }
    }
    t.addMethod(MethodSpec.methodBuilder("fail")
        .addJavadoc("Records a lane's error for the host unless the group has one already.\n")
        .addModifiers(Modifier.PRIVATE)
        .addParameter(int.class, "sl_g").addParameter(int.class, "sl_code").addParameter(int.class, "sl_stage")
        .addParameter(int.class, "sl_slot").addParameter(int.class, "sl_detail").addParameter(int.class, "sl_detail2")
        .beginControlFlow("if (atomicAdd(err, sl_g * $T.ERR_STRIDE + $T.E_CLAIMED, 1) == 0)", LAYOUT, LAYOUT)
        .addStatement("err[sl_g * $T.ERR_STRIDE + $T.E_CODE] = sl_code", LAYOUT, LAYOUT)
        .addStatement("err[sl_g * $T.ERR_STRIDE + $T.E_STAGE] = sl_stage", LAYOUT, LAYOUT)
        .addStatement("err[sl_g * $T.ERR_STRIDE + $T.E_SLOT] = sl_slot", LAYOUT, LAYOUT)
        .addStatement("err[sl_g * $T.ERR_STRIDE + $T.E_DETAIL] = sl_detail", LAYOUT, LAYOUT)
        .addStatement("err[sl_g * $T.ERR_STRIDE + $T.E_DETAIL2] = sl_detail2", LAYOUT, LAYOUT)
        .endControlFlow()
        .build());
    javaChecks(t);
    for (BodyTranslator.Helper h : helpers()) {
      // an instance method: its checks record errors in the kernel's err buffer
      MethodSpec.Builder hm = MethodSpec.methodBuilder(h.name())
          .addJavadoc("{@code $L}, translated; the first three parameters are the lane's context for errors.\n", h.source())
          .addModifiers(Modifier.PRIVATE)
          .returns(primitive(h.returnType()));
      for (int i = 0; i < h.parameterNames().size(); i++) {
        hm.addParameter(primitive(h.parameterTypes().get(i)), h.parameterNames().get(i));
      }
      t.addMethod(hm.addCode(h.body()).build());
    }
    orderChain(t);
    new KernelHostWriter(shape, t, translatedFrom, checkRows).write();
    return t.build();
  }

  private static final ClassName ORDER = ClassName.get(Names.RUNTIME + ".opencl", "AparapiCallOrder");

  /** The static helpers copied into the kernel, each once (several bodies may call one). */
  private List<BodyTranslator.Helper> helpers() {
    Map<String, BodyTranslator.Helper> byName = new java.util.LinkedHashMap<>();
    for (BodyTranslator.Translation tr : bodies.values()) {
      for (BodyTranslator.Helper h : tr.helpers()) {
        byName.putIfAbsent(h.name(), h);
      }
    }
    return List.copyOf(byName.values());
  }

  /**
   * One more round of Aparapi's sorting per helper, ahead of {@code AparapiCallOrder}'s: its rounds
   * cover the calls Sluice writes, and the helpers' calls (at most one per helper on any path, since
   * none recurses) can make a path that much longer. A chain of 33 helpers entered at two depths
   * failed to build on PoCL, "use of undeclared identifier" (outside-in helper-69).
   */
  private void orderChain(TypeSpec.Builder t) {
    int n = helpers().size();
    for (int k = 1; k <= n; k++) {
      t.addMethod(MethodSpec.methodBuilder(KernelNames.order(k))
          .addModifiers(Modifier.PRIVATE)
          .returns(int.class)
          .addParameter(int.class, "sl_x")
          .addStatement(k < n ? CodeBlock.of("return $N(sl_x)", KernelNames.order(k + 1))
              : CodeBlock.of("return $T.settle(sl_x)", ORDER))
          .build());
    }
  }

  /** The stage's index, which a translated body's checks report ({@link KernelNames#STAGE}). */
  private void stageLocal(MethodSpec.Builder m, StageModel s) {
    m.addStatement("int $N = $L", KernelNames.STAGE, names.index(s.name()));
  }

  /**
   * The checks translated bodies call where Java throws: an array index out of bounds and an integer
   * divisor of zero record the error (the run ends with Java's exception) and give a harmless value,
   * index 0 or divisor 1, so the lane finishes its body; a loop that can fail tests {@link
   * KernelNames#GOING}, the group's first error word, and ends at a failure. Also {@code Math.pow} with Java's special
   * cases, which needs OpenCL's built-in, and typed calls of the other two-argument built-ins.
   * Aparapi translates only the methods a kernel calls.
   */
  private static void javaChecks(TypeSpec.Builder t) {
    t.addMethod(MethodSpec.methodBuilder(KernelNames.INDEX).addModifiers(Modifier.PRIVATE).returns(int.class)
        .addParameter(int.class, "sl_g").addParameter(int.class, "sl_stage").addParameter(int.class, "sl_slot")
        .addParameter(int.class, "sl_i").addParameter(int.class, "sl_length")
        .addStatement("int sl_r = sl_i")
        .beginControlFlow("if (sl_i < 0 || sl_i >= sl_length)")
        .addStatement("fail(sl_g, $T.ERR_INDEX, sl_stage, sl_slot, sl_i, sl_length)", LAYOUT)
        .addStatement("sl_r = 0")
        .endControlFlow()
        .addStatement("return sl_r").build());
    t.addMethod(MethodSpec.methodBuilder(KernelNames.GOING).addModifiers(Modifier.PRIVATE).returns(boolean.class)
        .addParameter(int.class, "sl_g")
        .addStatement("return err[sl_g * $T.ERR_STRIDE + $T.E_CLAIMED] == 0", LAYOUT, LAYOUT).build());
    for (TypeName type : List.of(TypeName.INT, TypeName.LONG)) {
      String one = type.equals(TypeName.LONG) ? "1L" : "1";
      t.addMethod(MethodSpec.methodBuilder(type.equals(TypeName.LONG) ? KernelNames.DIVISOR_LONG : KernelNames.DIVISOR_INT)
          .addModifiers(Modifier.PRIVATE).returns(type)
          .addParameter(int.class, "sl_g").addParameter(int.class, "sl_stage").addParameter(int.class, "sl_slot")
          .addParameter(type, "sl_d")
          .addStatement("$T sl_r = sl_d", type)
          .beginControlFlow("if (sl_d == 0)")
          .addStatement("fail($L, $T.ERR_DIVIDE, sl_stage, sl_slot, 0, 0)", "sl_g", LAYOUT)
          .addStatement("sl_r = $L", one)
          .endControlFlow()
          .addStatement("return sl_r").build());
    }
    t.addMethod(MethodSpec.methodBuilder(KernelNames.POW).addModifiers(Modifier.PRIVATE).returns(double.class)
        .addParameter(double.class, "sl_x").addParameter(double.class, "sl_y")
        .addStatement("return $L.pow(sl_x, sl_y, Math.pow(sl_x, sl_y))", KernelNames.ARITH).build());
    t.addMethod(MethodSpec.methodBuilder(KernelNames.EXP).addModifiers(Modifier.PRIVATE).returns(double.class)
        .addParameter(double.class, "sl_x")
        .addStatement("double sl_c = Math.exp(sl_x)")
        .beginControlFlow("if ($L.expOverflowedEarly(sl_x, sl_c))", KernelNames.ARITH)
        .addComment("finite in Java: e^(x/2) squared (x/2 is exact) is, within 1 ulp")
        .addStatement("double sl_h = Math.exp(sl_x * 0.5)")
        .addStatement("sl_c = sl_h * sl_h")
        .endControlFlow()
        .addStatement("return $L.exp(sl_x, sl_c)", KernelNames.ARITH).build());
    t.addMethod(MethodSpec.methodBuilder(KernelNames.ATAN).addModifiers(Modifier.PRIVATE).returns(double.class)
        .addParameter(double.class, "sl_x")
        .addStatement("return $L.atan(sl_x, Math.atan(sl_x))", KernelNames.ARITH).build());
    for (String f : List.of("atan2", "IEEEremainder")) {
      t.addMethod(MethodSpec.methodBuilder(f.equals("atan2") ? KernelNames.ATAN2 : KernelNames.IEEE_REMAINDER)
          .addModifiers(Modifier.PRIVATE).returns(double.class)
          .addParameter(double.class, "sl_x").addParameter(double.class, "sl_y")
          .addStatement("return Math.$L(sl_x, sl_y)", f).build());
    }
  }

  /** A primitive type, or an array of one, by its Java spelling. */
  private static TypeName primitive(String spelling) {
    if (spelling.endsWith("[]")) {
      return ArrayTypeName.of(primitive(spelling.substring(0, spelling.length() - 2)));
    }
    return switch (spelling) {
      case "void" -> TypeName.VOID;
      case "boolean" -> TypeName.BOOLEAN;
      case "byte" -> TypeName.BYTE;
      case "short" -> TypeName.SHORT;
      case "int" -> TypeName.INT;
      case "long" -> TypeName.LONG;
      case "float" -> TypeName.FLOAT;
      case "double" -> TypeName.DOUBLE;
      default -> throw new IllegalArgumentException("not a kernel type: " + spelling);
    };
  }

  // ---------------------------------------------------------------- device fields

  private void fields(TypeSpec.Builder t) {
    t.addField(FieldSpec.builder(int[].class, "plan").initializer("new int[1]").build());
    t.addField(FieldSpec.builder(int[].class, "st").initializer("new int[1]").build());
    t.addField(FieldSpec.builder(long[].class, "stats").initializer("new long[1]").build());
    t.addField(FieldSpec.builder(int[].class, "err").initializer("new int[1]").build());
    // the next chunk to claim, and how many groups may claim in this launch (see resetSlice)
    t.addField(FieldSpec.builder(int[].class, "cursor").addModifiers(Modifier.FINAL).initializer("new int[2]").build());
    int sinks = model.sinks().size();
    t.addField(FieldSpec.builder(int[].class, "sinkCount").addModifiers(Modifier.FINAL).initializer("new int[$L]", sinks).build());
    t.addField(FieldSpec.builder(int[].class, "sinkCap").addModifiers(Modifier.FINAL).initializer("new int[$L]", sinks).build());
    t.addField(FieldSpec.builder(int.class, "inLength").build());
    StageModel src = model.source();
    if (!src.itemType().isRecord()) {
      t.addField(FieldSpec.builder(int.class, "inRange").build());
      t.addField(FieldSpec.builder(long.class, "inBase").build());
    }
    for (Column c : Column.of(src.itemType())) {
      t.addField(FieldSpec.builder(ArrayTypeName.of(c.type()), "in" + c.suffix()).initializer("new $T[1]", c.type()).build());
    }
    for (StageModel s : model.nodes()) {
      for (Column c : Column.of(s.itemType())) {
        t.addField(FieldSpec.builder(ArrayTypeName.of(c.type()), KernelNames.queue(s.name()) + c.suffix())
            .addJavadoc("Input queue of '$L': per group, the plan's capacity of stage $L ($L slots).\n", s.name(),
                names.index(s.name()), shape.capacity(s.name()))
            .initializer("new $T[1]", c.type()).build());
      }
      for (ChannelModel ch : s.isEnumerator() ? List.<ChannelModel>of() : s.node().channels()) {
        for (Column c : Column.of(ch.type())) {
          t.addField(FieldSpec.builder(ArrayTypeName.of(c.type()), KernelNames.staging(s.name(), ch.name()) + c.suffix())
              .addJavadoc("Pushes on '$L.$L' staged per lane: $L per lane.\n", s.name(), ch.name(), ch.max())
              .initializer("new $T[1]", c.type()).build());
        }
      }
      for (FieldModel f : s.node().fields(FieldModel.Kind.PARAM)) {
        TypeName type = KernelNames.paramType(f.element().asType());
        FieldSpec.Builder fb = FieldSpec.builder(type, KernelNames.param(s.name(), f.name()));
        if (f.array()) {
          fb.addJavadoc("@Param '$L' of '$L': a copy of the node's array, at least one element long.\n", f.name(), s.name())
              .initializer("new $T[1]", ((ArrayTypeName) type).componentType);
          t.addField(FieldSpec.builder(int.class, KernelNames.paramLength(s.name(), f.name()))
              .addJavadoc("The length of @Param '$L' of '$L'; -1 until the first run reads it.\n", f.name(), s.name())
              .initializer("-1").build());
        }
        t.addField(fb.build());
      }
      for (FieldModel f : s.node().fields(FieldModel.Kind.STATE)) {
        TypeName type = TypeName.get(f.element().asType());
        t.addField(FieldSpec.builder(ArrayTypeName.of(type), KernelNames.state(s.name(), f.name()))
            .addJavadoc("@State '$L' of '$L': one per work-group, kept across slices.\n", f.name(), s.name())
            .initializer("new $T[1]", type).build());
        t.addField(FieldSpec.builder(type, KernelNames.stateInit(s.name(), f.name()), Modifier.PRIVATE).build());
      }
      for (FieldModel f : s.node().fields(FieldModel.Kind.REDUCE)) {
        TypeName type = TypeName.get(f.element().asType());
        if (!s.node().isEnumerator()) {
          // an enumerator's count runs on lane 0 alone and updates the group's slot: no lane partials
          t.addField(FieldSpec.builder(ArrayTypeName.of(type), KernelNames.reducePartial(s.name(), f.name()))
              .addAnnotation(LOCAL).addModifiers(Modifier.FINAL).initializer("new $T[$L]", type, width).build());
        }
        t.addField(FieldSpec.builder(ArrayTypeName.of(type), KernelNames.reduceSlot(s.name(), f.name()))
            .initializer("new $T[1]", type).build());
      }
    }
    for (ItemType tag : shape.raisedTags()) {
      t.addField(FieldSpec.builder(int.class, KernelNames.signalKind(tag.simpleName()), Modifier.PRIVATE, Modifier.FINAL)
          .addJavadoc("The signal kind of user tag $L.\n", tag.simpleName()).build());
      for (Column c : Column.of(tag)) {
        t.addField(FieldSpec.builder(ArrayTypeName.of(c.type()), KernelNames.pool(tag.simpleName()) + c.suffix())
            .addJavadoc("Payloads of $L signals in flight: per origin stage and group, the plan's pool size ($L slots).\n",
                tag.simpleName(), shape.poolSize())
            .initializer("new $T[1]", c.type()).build());
      }
    }
    for (StageModel s : model.nodes()) {
      for (ItemType tag : s.node().raisedTags()) {
        for (Column c : Column.of(tag)) {
          t.addField(FieldSpec.builder(ArrayTypeName.of(c.type()), KernelNames.raisedPayload(s.name(), tag.simpleName()) + c.suffix())
              .addJavadoc("$L raised by '$L' in this run: $L per lane.\n", tag.simpleName(), s.name(), RAISES)
              .initializer("new $T[1]", c.type()).build());
        }
        t.addField(FieldSpec.builder(int[].class, KernelNames.raisedCount(s.name(), tag.simpleName()))
            .addJavadoc("$L signals '$L' has raised, per group: the next payload slot.\n", tag.simpleName(), s.name())
            .initializer("new int[1]").build());
      }
    }
    if (shape.anyRaises()) {
      t.addField(FieldSpec.builder(int[].class, "rc", Modifier.FINAL).addAnnotation(LOCAL)
          .addJavadoc("Signals each lane raised in this run.\n").initializer("new int[$L]", width).build());
      t.addField(FieldSpec.builder(int[].class, "rk", Modifier.FINAL).addAnnotation(LOCAL)
          .addJavadoc("The kind of each lane's raises.\n").initializer("new int[$L]", RAISES * width).build());
      t.addField(FieldSpec.builder(int[].class, "rpos", Modifier.FINAL).addAnnotation(LOCAL)
          .addJavadoc("Per raise, the lane's pushes on each channel before it: where the signal goes among them.\n")
          .initializer("new int[$L]", RAISES * width * rows).build());
    }
    for (RegionPlan r : schedule.regions()) {
      for (Column c : r.number() == 0 ? List.<Column>of() : Column.of(r.parentType())) {
        t.addField(FieldSpec.builder(ArrayTypeName.of(c.type()), KernelNames.parents(r.number()) + c.suffix())
            .addJavadoc("Open parents of region $L (head '$L'): per group, the plan's parent buffer ($L slots).\n",
                r.number(), r.head(), r.parentBuffer())
            .initializer("new $T[1]", c.type()).build());
      }
    }
    for (StageModel s : model.sinks()) {
      for (Column c : Column.of(s.itemType())) {
        t.addField(FieldSpec.builder(ArrayTypeName.of(c.type()), KernelNames.sinkBuffer(s.name()) + c.suffix())
            .initializer("new $T[1]", c.type()).build());
      }
    }
    t.addField(FieldSpec.builder(int[].class, "ctl", Modifier.FINAL)
        .addJavadoc("Lane 0's decision for the group: stage, first slot (a handler's signal kind), items, parent slot,\n"
            + "the handler lane 0 is running inside decide(), then one base per edge.\n")
        .addAnnotation(LOCAL).initializer("new int[$L]", ctlSize).build());
    t.addField(FieldSpec.builder(int[].class, "cnt", Modifier.FINAL)
        .addJavadoc("Items each lane pushed in this run, one row of $L lanes per channel.\n", width)
        .addAnnotation(LOCAL).initializer("new int[$L]", rows * width).build());
    t.addField(FieldSpec.builder(int[].class, "pre", Modifier.FINAL)
        .addJavadoc("Exclusive prefix sums of {@code cnt}: where each lane's items go.\n")
        .addAnnotation(LOCAL).initializer("new int[$L]", rows * width).build());
  }

  /**
   * The bytes of the {@code @Local} arrays, which each work-group holds in the device's local memory:
   * the driver compares them with the device's before a launch ({@code OpenClDriver}).
   */
  private static MethodSpec localBytes(TypeSpec.Builder t) {
    CodeBlock.Builder sum = CodeBlock.builder().add("return 0L");
    for (FieldSpec f : t.fieldSpecs) {
      if (f.type instanceof ArrayTypeName a && f.annotations.stream().anyMatch(x -> x.type.equals(LOCAL))) {
        sum.add("\n    + $L * (long) $N.length", Column.bytes(a.componentType), f.name);
      }
    }
    return MethodSpec.methodBuilder("localBytes").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(long.class).addStatement(sum.build()).build();
  }

  /** The bytes of every global buffer declared so far (the device's share; host-only fields come later). */
  private static MethodSpec deviceBytes(TypeSpec.Builder t) {
    CodeBlock.Builder sum = CodeBlock.builder().add("return 0L");
    for (FieldSpec f : t.fieldSpecs) {
      boolean local = f.annotations.stream().anyMatch(a -> a.type.equals(LOCAL));
      if (f.type instanceof ArrayTypeName a && a.componentType.isPrimitive() && !local) {
        sum.add("\n    + $L * (long) $N.length", Column.bytes(a.componentType), f.name);
      }
    }
    return MethodSpec.methodBuilder("deviceBytes").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(long.class).addStatement(sum.build()).build();
  }

  private MethodSpec constructor() {
    MethodSpec.Builder m = MethodSpec.constructorBuilder()
        .addJavadoc("A kernel serving the runs of {@code pipeline} first.\n")
        .addParameter(names.api(), "pipeline")
        .addStatement("this.pipeline = pipeline");
    for (ItemType tag : shape.raisedTags()) {
      m.addStatement("$N = $T.PLAN.signal($S)", KernelNames.signalKind(tag.simpleName()), names.api(), tag.simpleName());
    }
    return m.build();
  }

  // ---------------------------------------------------------------- the persistent loop

  private MethodSpec runMethod() {
    MethodSpec.Builder m = MethodSpec.methodBuilder("run")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .addStatement("int sl_lane = getLocalId()")
        .addStatement("int sl_g = getGroupId()")
        .addStatement("int sl_s = 0")
        .beginControlFlow("if (sl_lane < 0)")
        .addComment("never true: gives Aparapi the rounds it needs to order the functions for OpenCL")
        .addStatement(helpers().isEmpty() ? CodeBlock.of("sl_s = $T.settle(sl_s)", ORDER)
            : CodeBlock.of("sl_s = $N(sl_s)", KernelNames.order(1)))
        .endControlFlow()
        .beginControlFlow("if (sl_lane == 0)")
        .addStatement("$T.begin(plan, st, stats, err, sl_g)", SCHED)
        .endControlFlow()
        // NoRunPushesTest.threeNestedEnumeratorsWithASinkOnTheFirst
        .addComment("the loop starts at a barrier: without one between lane 0's begin and the loop, PoCL 3.1's")
        .addComment("compiler aborted the process on some kernels (\"Incoming edges to non-entry block!\")")
        .addStatement("localBarrier()")
        .addComment("one run per pass; every lane reads the decision after the barrier, so the loop is uniform")
        .beginControlFlow("while (sl_s >= 0)")
        .beginControlFlow("if (sl_lane == 0)")
        .addStatement("decide(sl_g)")
        .endControlFlow()
        .addComment("global too: the lanes read queue slots and parents that other lanes and lane 0 wrote")
        .addStatement("localGlobalBarrier()")
        .addStatement("sl_s = ctl[0]");
    List<StageModel> stages = names.stagesInPlanOrder();
    for (int i = 0; i < stages.size(); i++) {
      m.beginControlFlow("if (sl_s == $L)", i).addStatement("$N(sl_g, sl_lane)", KernelNames.lanes(stages.get(i).name())).endControlFlow();
    }
    // SynthGainMemoryOpenClTest
    if (shape.anyRaises()) {
      m.addComment("global: lanes staged raised payloads that lane 0 copies to the pools");
    }
    m.addComment("this barrier and the next stay for runs with nothing to scatter: inside a uniform `if`,")
        .addComment("kernels on PoCL 3.1 lost sink items and crashed");
    m.addStatement(shape.anyRaises() ? "localGlobalBarrier()" : "localBarrier()");
    // only nodes that run lanes reserve; with none (the source and enumerators push from decide) the
    // block is left out: javac compiles an empty `if` to a branch to the next instruction, which
    // Aparapi cannot turn back into structured code (CodeGenException: goto)
    if (stages.stream().skip(1).anyMatch(s -> !s.isEnumerator())) {
      m.addComment("lane 0: prefix sums of the lanes' counts, and room in the target queues");
      m.beginControlFlow("if (sl_lane == 0)");
      for (int i = 1; i < stages.size(); i++) {
        if (!stages.get(i).isEnumerator()) {
          m.beginControlFlow("if (sl_s == $L)", i).addStatement("$N(sl_g)", KernelNames.reserve(stages.get(i).name())).endControlFlow();
        }
      }
      m.endControlFlow();
    }
    m.addStatement("localBarrier()");
    for (int i = 1; i < stages.size(); i++) {
      if (!stages.get(i).isEnumerator()) {
        m.beginControlFlow("if (sl_s == $L)", i).addStatement("$N(sl_g, sl_lane)", KernelNames.scatter(stages.get(i).name())).endControlFlow();
      }
    }
    m.addComment("global too: the next run's lanes, and lane 0 opening a parent, read the slots just written")
        .addStatement("localGlobalBarrier()")
        .beginControlFlow("if (sl_lane == 0 && sl_s >= 0)")
        .addStatement("$T.afterRun(plan, st, stats, err, sl_g, sl_s)", SCHED)
        .endControlFlow()
        .endControlFlow();
    return m.build();
  }

  /** Lane 0: the next run (claiming input chunks as the source needs them) into {@code ctl}. */
  private MethodSpec decide() {
    MethodSpec.Builder m = MethodSpec.methodBuilder("decide")
        .addModifiers(Modifier.PRIVATE)
        .addParameter(int.class, "sl_g")
        .addStatement("int sl_a = $T.next(plan, st, stats, err, sl_g)", SCHED)
        .addComment("a handler runs here, on lane 0 alone, without a pass of the lanes")
        .beginControlFlow("while (sl_a == $T.NEED_CHUNK || sl_a == $T.NEED_COUNT || (sl_a >= 0 && "
            + "$T.runHandler(plan, st, sl_g) >= 0))", SCHED, SCHED, SCHED)
        .beginControlFlow("if (sl_a == $T.NEED_CHUNK)", SCHED)
        .addComment("a launch that holds part of a chunk is claimed by group 0 alone, which ran the chunk's start")
        .addStatement("int sl_k = -1")
        .beginControlFlow("if (sl_g < cursor[1])")
        .addStatement("sl_k = atomicAdd(cursor, 0, 1)")
        .endControlFlow()
        .addStatement("$T.claimedChunk(plan, st, stats, sl_g, sl_k, inLength)", SCHED);
    for (StageModel s : names.stagesInPlanOrder()) {
      if (s.isEnumerator()) {
        m.nextControlFlow("else if (sl_a == $T.NEED_COUNT && $T.runStage(plan, st, sl_g) == $L)",
                SCHED, SCHED, names.index(s.name()))
            .addStatement("$N(sl_g)", KernelNames.open(s.name()));
      }
    }
    for (StageModel s : names.stagesInPlanOrder()) {
      if (s.isNode() && !s.node().handlers().isEmpty()) {
        m.nextControlFlow("else if (sl_a == $L)", names.index(s.name()))
            .addStatement("$N(sl_g)", KernelNames.signal(s.name()))
            .addStatement("$T.afterRun(plan, st, stats, err, sl_g, sl_a)", SCHED);
      }
    }
    m.endControlFlow()
        .addStatement("sl_a = $T.next(plan, st, stats, err, sl_g)", SCHED)
        .endControlFlow()
        .addStatement("ctl[0] = sl_a")
        .beginControlFlow("if (sl_a >= 0)")
        .addStatement("ctl[1] = $T.runOffset(plan, st, sl_g)", SCHED)
        .addStatement("ctl[2] = $T.runLimit(plan, st, sl_g)", SCHED)
        .addStatement("ctl[3] = $T.runParent(plan, st, sl_g)", SCHED)
        .endControlFlow();
    // the source pushes one item per lane: reserve its room before the lanes run
    StageModel src = model.source();
    m.beginControlFlow("if (sl_a == 0)");
    reserveEdges(m, src, src.name(), "ctl[2]");
    m.addStatement("$T.pushed(plan, stats, sl_g, 0, ctl[2])", SCHED);
    m.endControlFlow();
    // an enumerator pushes one element per lane too
    for (StageModel s : names.stagesInPlanOrder()) {
      if (s.isEnumerator()) {
        m.beginControlFlow("if (sl_a == $L)", names.index(s.name()));
        reserveEdges(m, s, ChannelModel.ELEMENTS, "ctl[2]");
        m.addStatement("$T.pushed(plan, stats, sl_g, $L, ctl[2])", SCHED, names.index(s.name()));
        m.endControlFlow();
      }
    }
    return m.build();
  }

  private void reserveEdges(MethodSpec.Builder m, StageModel s, String channel, String total) {
    for (EdgeModel e : shape.edges(s.name(), channel)) {
      StageModel to = model.stage(e.to());
      if (to.isSink()) {
        int sink = shape.sinkIndex(to.name());
        m.addStatement("ctl[$L] = atomicAdd(sinkCount, $L, $L)", CTL_EDGES + e.index(), sink, total);
        m.beginControlFlow("if (ctl[$L] > $T.SINK_COUNT_LIMIT)", CTL_EDGES + e.index(), DEVICE_MEMORY)
            .addComment("past the limit the count only creeps (by one a run), so it cannot wrap, and nothing is")
            .addComment("written: the take-back's result is stored only because Aparapi translates no call whose")
            .addComment("value is dropped, and the base is then set past every buffer")
            .addStatement("ctl[$L] = atomicAdd(sinkCount, $L, 1 - ($L))", CTL_EDGES + e.index(), sink, total)
            .addStatement("ctl[$L] = $T.SINK_COUNT_LIMIT + 1", CTL_EDGES + e.index(), DEVICE_MEMORY)
            .endControlFlow();
      } else {
        m.addStatement("ctl[$L] = $T.reserve(plan, st, err, sl_g, $L, $L)", CTL_EDGES + e.index(), SCHED, e.index(), total);
      }
    }
  }

  /**
   * Stage {@code stage}'s queue capacity per group, read from the plan the kernel receives (the plan is
   * its one carrier: the scheduler and the CPU back end read it there too).
   */
  private CodeBlock capacityOf(String stage) {
    return CodeBlock.of("plan[$T.stage($L) + $T.F_CAPACITY]", PLAN_CODE, names.index(stage), PLAN_CODE);
  }

  /** Payload slots per origin stage in a user tag's pool, per group: read from the plan. */
  private CodeBlock poolSize() {
    return CodeBlock.of("plan[$T.P_POOL]", PLAN_CODE);
  }

  /** Payload slots of one tag's pool per group: a pool of {@link #poolSize} per stage. */
  private CodeBlock poolPerGroup() {
    return CodeBlock.of("plan[$T.P_STAGES] * plan[$T.P_POOL]", PLAN_CODE, PLAN_CODE);
  }

  /** Declares the capacity of each queue that {@code s}'s pushes on {@code channel} go to, for {@link #writeToEdge}. */
  private void edgeCapacities(MethodSpec.Builder m, StageModel s, String channel) {
    for (EdgeModel e : shape.edges(s.name(), channel)) {
      if (!model.stage(e.to()).isSink()) {
        m.addStatement("int $N = $L", KernelNames.edgeCapacity(e.index()), capacityOf(e.to()));
      }
    }
  }

  /**
   * Writes value columns {@code values} to edge {@code e}'s target at position {@code at} past its base;
   * a queue's capacity is the local {@link #edgeCapacities} declared.
   */
  private void writeToEdge(MethodSpec.Builder m, EdgeModel e, ItemType type, String at, List<String> values) {
    StageModel to = model.stage(e.to());
    List<Column> cols = Column.of(type);
    if (to.isSink()) {
      m.addStatement("int sl_i$L = ctl[$L] + $L", e.index(), CTL_EDGES + e.index(), at);
      m.beginControlFlow("if (sl_i$L < sinkCap[$L])", e.index(), shape.sinkIndex(to.name()));
      for (int c = 0; c < cols.size(); c++) {
        m.addStatement("$N[sl_i$L] = $L", KernelNames.sinkBuffer(to.name()) + cols.get(c).suffix(), e.index(), values.get(c));
      }
      m.endControlFlow();
    } else {
      String cap = KernelNames.edgeCapacity(e.index());
      m.addStatement("int sl_q$L = sl_g * $N + (ctl[$L] + $L) % $N", e.index(), cap, CTL_EDGES + e.index(), at, cap);
      for (int c = 0; c < cols.size(); c++) {
        m.addStatement("$N[sl_q$L] = $L", KernelNames.queue(to.name()) + cols.get(c).suffix(), e.index(), values.get(c));
      }
    }
  }

  // ---------------------------------------------------------------- stages

  private MethodSpec sourceLanes(StageModel s) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(KernelNames.lanes(s.name()))
        .addJavadoc("The source: lane {@code i} moves input item {@code ctl[1] + i} into the queues it feeds.\n")
        .addModifiers(Modifier.PRIVATE)
        .addParameter(int.class, "sl_g").addParameter(int.class, "sl_lane");
    edgeCapacities(m, s, s.name());
    m.beginControlFlow("if (sl_lane < ctl[2])")
        .addStatement("int sl_at = ctl[1] + sl_lane");
    List<String> values = new ArrayList<>();
    ItemType type = s.itemType();
    for (Column c : Column.of(type)) {
      String local = "sl_v" + c.suffix();
      if (type.isRecord()) {
        m.addStatement("$T $N = in$L[sl_at]", c.type(), local, c.suffix());
      } else {
        // an index range's items are inBase + position, a long: cast for any other item type (a cast to
        // long would be redundant, which javac's -Xlint:cast reports)
        CodeBlock value = c.type().equals(TypeName.LONG) ? CodeBlock.of("inBase + sl_at")
            : CodeBlock.of("($T) (inBase + sl_at)", c.type());
        m.addStatement("$T $N = inRange == 1 ? $L : in[sl_at]", c.type(), local, value);
      }
      values.add(local);
    }
    for (EdgeModel e : shape.edges(s.name(), s.name())) {
      writeToEdge(m, e, type, "sl_lane", values);
    }
    return m.endControlFlow().build();
  }

  /** At the start of a run, every lane clears what it will report: its counts, partials and raises. */
  private void clearLane(MethodSpec.Builder m, StageModel s) {
    for (int c = 0; c < s.node().channels().size(); c++) {
      m.addStatement("cnt[$L + sl_lane] = 0", c * width);
    }
    for (FieldModel f : s.node().fields(FieldModel.Kind.REDUCE)) {
      m.addStatement("$N[sl_lane] = $L", KernelNames.reducePartial(s.name(), f.name()), Reductions.identity(f));
    }
    if (shape.raises(s)) {
      m.addStatement("rc[sl_lane] = 0");
    }
  }

  private MethodSpec lanes(StageModel s) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(KernelNames.lanes(s.name()))
        .addJavadoc("Node '$L': lane {@code i} runs item {@code ctl[1] + i} of the queue.\n", s.name())
        .addModifiers(Modifier.PRIVATE)
        .addParameter(int.class, "sl_g").addParameter(int.class, "sl_lane");
    clearLane(m, s);
    return m.beginControlFlow("if (sl_lane < ctl[2])")
        .addStatement("int $N = $L", KernelNames.CAPACITY, capacityOf(s.name()))
        .addStatement("$N(sl_g, sl_lane, sl_g * $N + (ctl[1] + sl_lane) % $N)", KernelNames.runBody(s.name()),
            KernelNames.CAPACITY, KernelNames.CAPACITY)
        .endControlFlow()
        .build();
  }

  private MethodSpec laneBody(StageModel s) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(KernelNames.runBody(s.name()))
        .addJavadoc("{@link $T#$L}, translated: the item is queue slot {@code sl_slot}.\n", Names.user(s.node().element()),
            s.node().method().getSimpleName())
        .addModifiers(Modifier.PRIVATE)
        .addParameter(int.class, KernelNames.G).addParameter(int.class, KernelNames.LANE)
        .addParameter(int.class, KernelNames.SLOT);
    RunParam item = s.node().runParams().get(0);
    load(m, item, KernelNames.queue(s.name()), KernelNames.SLOT);
    for (RunParam p : s.node().runParams()) {
      if (p.kind() == RunParam.Kind.PARENT) {
        // the items of one run share a parent: runs stop at BEGIN/END signals
        RegionPlan r = schedule.region(schedule.stage(s.name()).label());
        load(m, p, KernelNames.parents(r.number()), CodeBlock.of("$N * $L + ctl[3]", KernelNames.G, KernelShape.parentBufferOf(r)));
      }
    }
    BodyTranslator.Translation tr = bodies.get(s.name());
    stageLocal(m, s);
    m.addCode(tr == null ? CodeBlock.of("") : tr.body());
    return m.build();
  }

  /** An enumerator's run: lane {@code i} pushes element {@code ctl[1] + i} of the open parent. */
  private MethodSpec elementLanes(StageModel s) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(KernelNames.lanes(s.name()))
        .addJavadoc("Enumerator '$L': lane {@code i} pushes element {@code ctl[1] + i} of the open parent.\n", s.name())
        .addModifiers(Modifier.PRIVATE)
        .addParameter(int.class, "sl_g").addParameter(int.class, "sl_lane");
    edgeCapacities(m, s, ChannelModel.ELEMENTS);
    m.beginControlFlow("if (sl_lane < ctl[2])")
        .addStatement("int sl_v = ctl[1] + sl_lane");
    for (EdgeModel e : shape.edges(s.name(), ChannelModel.ELEMENTS)) {
      writeToEdge(m, e, ItemType.INT, "sl_lane", List.of("sl_v"));
    }
    return m.endControlFlow().build();
  }

  /**
   * Lane 0 opens the parent at the head of an enumerator's queue: copies it into its parent-buffer
   * slot, runs {@code count}, and hands the count to the scheduler (which sends BEGIN).
   */
  private MethodSpec open(StageModel s) {
    RegionPlan r = shape.regionHeadedBy(s);
    MethodSpec.Builder m = MethodSpec.methodBuilder(KernelNames.open(s.name()))
        .addJavadoc("Lane 0 opens the next parent of '$L' (region $L) into its parent-buffer slot and counts its elements.\n",
            s.name(), r.number())
        .addModifiers(Modifier.PRIVATE)
        .addParameter(int.class, "sl_g")
        .addStatement("int sl_slot = sl_g * $L + $T.runOffset(plan, st, sl_g)", capacityOf(s.name()), SCHED)
        .addStatement("int sl_p = sl_g * $L + $T.runParent(plan, st, sl_g)", KernelShape.parentBufferOf(r), SCHED);
    for (Column c : Column.of(s.itemType())) {
      m.addStatement("$N[sl_p] = $N[sl_slot]", KernelNames.parents(r.number()) + c.suffix(), KernelNames.queue(s.name()) + c.suffix());
    }
    return m.addStatement("$T.counted(plan, st, stats, err, sl_g, $N(sl_g, 0, sl_slot))", SCHED, KernelNames.count(s.name())).build();
  }

  private MethodSpec count(StageModel s) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(KernelNames.count(s.name()))
        .addJavadoc("{@link $T#$L}, translated: the parent is queue slot {@code sl_slot}.\n", Names.user(s.node().element()),
            s.node().method().getSimpleName())
        .addModifiers(Modifier.PRIVATE)
        .returns(int.class)
        .addParameter(int.class, KernelNames.G).addParameter(int.class, KernelNames.LANE)
        .addParameter(int.class, KernelNames.SLOT);
    load(m, s.node().runParams().get(0), KernelNames.queue(s.name()), KernelNames.SLOT);
    stageLocal(m, s);
    return m.addCode(bodies.get(s.name()).body()).build();
  }

  /** Declares the locals holding parameter {@code p} (one per column of a record), read from {@code array[index]}. */
  private static void load(MethodSpec.Builder m, RunParam p, String array, String index) {
    load(m, p, array, CodeBlock.of("$L", index));
  }

  private static void load(MethodSpec.Builder m, RunParam p, String array, CodeBlock index) {
    String name = p.element().getSimpleName().toString();
    for (Column c : Column.of(p.type())) {
      String local = p.type().isRecord() ? KernelNames.component(name, c.accessor()) : KernelNames.user(name);
      m.addStatement("$T $N = $N[$L]", c.type(), local, array + c.suffix(), index);
    }
  }

  /**
   * A handler run of '{@code s}', on lane 0 alone inside {@code decide}: the handler runs as lane 0,
   * and its pushes go to the target queues as a run's would, with lane 0 the only lane (its count is
   * the total, its offset 0). No pass of the loop, and so no barrier, is spent on it; the lanes'
   * partials are untouched, since a handler reads and assigns the group's values.
   */
  private MethodSpec signalLanes(StageModel s) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(KernelNames.signal(s.name()))
        .addJavadoc("Node '$L' handles a signal: lane 0 runs handler {@code ctl[4]} for signal kind {@code ctl[1]}.\n", s.name())
        .addModifiers(Modifier.PRIVATE)
        .addParameter(int.class, "sl_g")
        .addStatement("ctl[1] = $T.runOffset(plan, st, sl_g)", SCHED)
        .addStatement("ctl[2] = 0")
        .addStatement("ctl[3] = $T.runParent(plan, st, sl_g)", SCHED)
        .addStatement("ctl[4] = $T.runHandler(plan, st, sl_g)", SCHED);
    List<ChannelModel> chans = s.node().channels();
    for (int c = 0; c < chans.size(); c++) {
      m.addStatement("cnt[$L] = 0", c * width);
    }
    if (!s.node().handlers().isEmpty()) {
      m.addComment("the handler's slot is -1 - kind: a push beyond @Max names the signal, not an item");
    }
    for (int h = 0; h < s.node().handlers().size(); h++) {
      m.beginControlFlow("if (ctl[4] == $L)", h)
          .addStatement("$N(sl_g, 0, -1 - ctl[1])", KernelNames.handler(s.name(), h))
          .endControlFlow();
    }
    for (int c = 0; c < chans.size(); c++) {
      m.addStatement("pre[$L] = 0", c * width);
      reserveEdges(m, s, chans.get(c).name(), "cnt[" + c * width + "]");
      m.addStatement("$T.pushed(plan, stats, sl_g, $L, cnt[$L])", SCHED, names.index(s.name()), c * width);
    }
    return m.addStatement("$N(sl_g, 0)", KernelNames.scatter(s.name())).build();
  }

  private MethodSpec handlerBody(StageModel s, int h) {
    HandlerModel handler = s.node().handlers().get(h);
    RegionPlan r = schedule.region(schedule.stage(s.name()).label());
    MethodSpec.Builder m = MethodSpec.methodBuilder(KernelNames.handler(s.name(), h));
    if (handler.tag() == dev.sluice.Signal.USER) {
      m.addJavadoc("{@link $T#$L}, translated: the signal's payload is slot {@code ctl[3]} of its tag's pool.\n",
          Names.user(s.node().element()), handler.name());
    } else {
      m.addJavadoc("{@link $T#$L}, translated: the parent is slot {@code ctl[3]} of region $L.\n",
          Names.user(s.node().element()), handler.name(), r.number());
    }
    m.addModifiers(Modifier.PRIVATE)
        .addParameter(int.class, KernelNames.G).addParameter(int.class, KernelNames.LANE)
        .addParameter(int.class, KernelNames.SLOT);
    for (RunParam p : handler.params()) {
      if (p.kind() == RunParam.Kind.SIGNAL && handler.tag() == dev.sluice.Signal.USER) {
        // a user signal's payload: slot ctl[3] of its tag's pool
        load(m, p, KernelNames.pool(p.type().simpleName()), CodeBlock.of("$N * ($L) + ctl[3]", KernelNames.G, poolPerGroup()));
      } else if (p.kind() == RunParam.Kind.SIGNAL || p.kind() == RunParam.Kind.PARENT) {
        load(m, p, KernelNames.parents(r.number()), CodeBlock.of("$N * $L + ctl[3]", KernelNames.G, KernelShape.parentBufferOf(r)));
      }
    }
    stageLocal(m, s);
    return m.addCode(bodies.get(KernelPlanner.Plan.handlerKey(s.name(), h)).body()).build();
  }

  private MethodSpec push(StageModel s, ChannelModel ch) {
    int row = s.node().channels().indexOf(ch);
    List<Column> cols = Column.of(ch.type());
    MethodSpec.Builder m = MethodSpec.methodBuilder(KernelNames.push(s.name(), ch.name()))
        .addJavadoc("{@code $L.push}: stages the item in the lane's slots; more than @Max($L) is an error.\n", ch.name(), ch.max())
        .addModifiers(Modifier.PRIVATE)
        .addParameter(int.class, "sl_g").addParameter(int.class, "sl_lane").addParameter(int.class, "sl_slot");
    for (Column c : cols) {
      m.addParameter(c.type(), "sl_v" + c.suffix());
    }
    m.addStatement("int sl_k = cnt[$L + sl_lane]", row * width)
        .beginControlFlow("if (sl_k < $L)", ch.max());
    for (Column c : cols) {
      m.addStatement("$N[(sl_g * $L + sl_lane) * $L + sl_k] = sl_v$L", KernelNames.staging(s.name(), ch.name()) + c.suffix(),
          width, ch.max(), c.suffix());
    }
    m.addStatement("cnt[$L + sl_lane] = sl_k + 1", row * width)
        .nextControlFlow("else")
        .addStatement("fail(sl_g, $T.ERR_MAX, $L, sl_slot, $L, 0)", LAYOUT, names.index(s.name()), row)
        .endControlFlow();
    return m.build();
  }

  private MethodSpec reserve(StageModel s) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(KernelNames.reserve(s.name()))
        .addJavadoc("Lane 0 after a run of '$L': per channel, the prefix sum of the lanes' counts and room on each edge.\n", s.name())
        .addModifiers(Modifier.PRIVATE)
        .addParameter(int.class, "sl_g")
        .addStatement("int sl_i = 0");
    List<ChannelModel> chans = s.node().channels();
    if (shape.raises(s)) {
      truncateAtFirstRaise(m, s);
    }
    for (int c = 0; c < chans.size(); c++) {
      m.addStatement("int sl_t$L = 0", c)
          .beginControlFlow("for (sl_i = 0; sl_i < $L; sl_i++)", width)
          .addStatement("pre[$L + sl_i] = sl_t$L", c * width, c)
          .addStatement("sl_t$L = sl_t$L + cnt[$L + sl_i]", c, c, c * width)
          .endControlFlow();
    }
    if (shape.raises(s)) {
      emitRaises(m, s);
    }
    for (int c = 0; c < chans.size(); c++) {
      reserveEdges(m, s, chans.get(c).name(), "sl_t" + c);
      m.addStatement("$T.pushed(plan, stats, sl_g, $L, sl_t$L)", SCHED, names.index(s.name()), c);
    }
    for (FieldModel f : s.node().fields(FieldModel.Kind.REDUCE)) {
      String part = KernelNames.reducePartial(s.name(), f.name());
      String slot = KernelNames.reduceSlot(s.name(), f.name());
      m.beginControlFlow("for (sl_i = 0; sl_i < $L; sl_i++)", width)
          .addStatement("$N[sl_g] = $L", slot, Reductions.combineOnDevice(f, slot + "[sl_g]", part + "[sl_i]"))
          .endControlFlow();
    }
    return m.build();
  }

  /**
   * A run's signals come from one item, as on the CPU: the run ends after the first lane that raised,
   * and the later lanes' pushes and partials are dropped (they run again in the next run).
   */
  private void truncateAtFirstRaise(MethodSpec.Builder m, StageModel s) {
    m.addStatement("int sl_r = -1")
        .beginControlFlow("for (sl_i = 0; sl_i < ctl[2]; sl_i++)")
        .beginControlFlow("if (sl_r < 0 && rc[sl_i] > 0)")
        .addStatement("sl_r = sl_i")
        .endControlFlow()
        .endControlFlow()
        .beginControlFlow("if (sl_r >= 0)")
        .beginControlFlow("for (sl_i = sl_r + 1; sl_i < $L; sl_i++)", width);
    for (int c = 0; c < s.node().channels().size(); c++) {
      m.addStatement("cnt[$L + sl_i] = 0", c * width);
    }
    for (FieldModel f : s.node().fields(FieldModel.Kind.REDUCE)) {
      m.addStatement("$N[sl_i] = $L", KernelNames.reducePartial(s.name(), f.name()), Reductions.identity(f));
    }
    m.addStatement("rc[sl_i] = 0")
        .endControlFlow()
        .addStatement("$T.truncate(plan, st, sl_g, sl_r + 1)", SCHED)
        .endControlFlow();
  }

  /**
   * Queues the raising lane's signals on their edges, each behind the run's items pushed before it
   * (the earlier lanes' and the lane's own so far), before the run's items are reserved. The payload
   * goes to the tag's pool, in the origin's next slot.
   */
  private void emitRaises(MethodSpec.Builder m, StageModel s) {
    int self = names.index(s.name());
    List<ChannelModel> chans = s.node().channels();
    m.addStatement("int sl_pool = $L", poolSize())
        .addStatement("int sl_slot = 0")
        .beginControlFlow("for (sl_i = 0; sl_r >= 0 && sl_i < rc[sl_r]; sl_i++)");
    for (ItemType tag : s.node().raisedTags()) {
      String rn = KernelNames.raisedCount(s.name(), tag.simpleName());
      m.beginControlFlow("if (rk[sl_r * $L + sl_i] == $N)", RAISES, KernelNames.signalKind(tag.simpleName()))
          .addStatement("sl_slot = $L * sl_pool + $N[sl_g] % sl_pool", self, rn)
          .addStatement("$N[sl_g] = $N[sl_g] + 1", rn, rn);
      for (Column c : Column.of(tag)) {
        m.addStatement("$N[sl_g * plan[$T.P_STAGES] * sl_pool + sl_slot] = $N[(sl_g * $L + sl_r) * $L + sl_i]",
            KernelNames.pool(tag.simpleName()) + c.suffix(), PLAN_CODE,
            KernelNames.raisedPayload(s.name(), tag.simpleName()) + c.suffix(), width, RAISES);
      }
      UserTagKey key = new UserTagKey(tag);
      for (var o : schedule.stage(s.name()).dispatch().originates()) {
        if (key.matches(o.signal())) {
          for (int e : o.edges()) {
            int row = chans.indexOf(s.node().channel(model.edges().get(e).channel()).orElseThrow());
            m.addStatement("$T.raised(plan, st, err, sl_g, $L, $N, sl_slot, pre[$L + sl_r] + rpos[(sl_r * $L + sl_i) * $L + $L])",
                SCHED, e, KernelNames.signalKind(tag.simpleName()), row * width, RAISES, rows, row);
          }
        }
      }
      m.endControlFlow();
    }
    m.endControlFlow();
  }

  /** Matches the user-signal key of one tag type. */
  private record UserTagKey(ItemType tag) {
    boolean matches(dev.sluice.processor.compute.SignalKey k) {
      return k.kind() == dev.sluice.processor.compute.SignalKey.Kind.USER && k.tag().type().equals(tag);
    }
  }

  /** {@code r.raise(v)}: records the signal, its payload and the lane's pushes so far; more than 2 per item is an error. */
  private MethodSpec raise(StageModel s, ItemType tag) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(KernelNames.raise(s.name(), tag.simpleName()))
        .addJavadoc("{@code raise($L)}: staged for lane 0, which queues it among the run's pushes.\n", tag.simpleName())
        .addModifiers(Modifier.PRIVATE)
        .addParameter(int.class, "sl_g").addParameter(int.class, "sl_lane").addParameter(int.class, "sl_slot");
    for (Column c : Column.of(tag)) {
      m.addParameter(c.type(), "sl_v" + c.suffix());
    }
    m.addStatement("int sl_j = rc[sl_lane]")
        .beginControlFlow("if (sl_j < $L)", RAISES)
        .addStatement("rk[sl_lane * $L + sl_j] = $N", RAISES, KernelNames.signalKind(tag.simpleName()));
    for (int c = 0; c < s.node().channels().size(); c++) {
      m.addStatement("rpos[(sl_lane * $L + sl_j) * $L + $L] = cnt[$L + sl_lane]", RAISES, rows, c, c * width);
    }
    for (Column c : Column.of(tag)) {
      m.addStatement("$N[(sl_g * $L + sl_lane) * $L + sl_j] = sl_v$L", KernelNames.raisedPayload(s.name(), tag.simpleName()) + c.suffix(),
          width, RAISES, c.suffix());
    }
    return m.addStatement("rc[sl_lane] = sl_j + 1")
        .nextControlFlow("else")
        .addStatement("fail(sl_g, $T.ERR_RAISES, $L, sl_slot, 0, 0)", LAYOUT, names.index(s.name()))
        .endControlFlow()
        .build();
  }

  private MethodSpec scatter(StageModel s) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(KernelNames.scatter(s.name()))
        .addJavadoc("Every lane copies its staged items of '$L' to their places in the target queues.\n", s.name())
        .addModifiers(Modifier.PRIVATE)
        .addParameter(int.class, "sl_g").addParameter(int.class, "sl_lane")
        .addStatement("int sl_j = 0")
        .addStatement("int sl_from = 0");
    List<ChannelModel> chans = s.node().channels();
    for (ChannelModel ch : chans) {
      edgeCapacities(m, s, ch.name());
    }
    for (int c = 0; c < chans.size(); c++) {
      ChannelModel ch = chans.get(c);
      List<Column> cols = Column.of(ch.type());
      m.beginControlFlow("for (sl_j = 0; sl_j < cnt[$L + sl_lane]; sl_j++)", c * width)
          .addStatement("sl_from = (sl_g * $L + sl_lane) * $L + sl_j", width, ch.max());
      List<String> values = new ArrayList<>();
      for (Column col : cols) {
        values.add(KernelNames.staging(s.name(), ch.name()) + col.suffix() + "[sl_from]");
      }
      for (EdgeModel e : shape.edges(s.name(), ch.name())) {
        writeToEdge(m, e, ch.type(), "pre[" + (c * width) + " + sl_lane] + sl_j", values);
      }
      m.endControlFlow();
    }
    return m.build();
  }
}
