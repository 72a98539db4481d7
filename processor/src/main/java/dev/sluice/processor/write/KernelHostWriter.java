package dev.sluice.processor.write;

import static dev.sluice.processor.write.KernelShape.KERNEL;
import static dev.sluice.processor.write.KernelShape.HOST_ARRAYS;
import static dev.sluice.processor.write.KernelShape.PENDING_PUTS;
import static dev.sluice.processor.write.KernelShape.LAYOUT;
import static dev.sluice.processor.write.KernelShape.PLAN_CODE;
import static dev.sluice.processor.write.KernelShape.RAISES;
import static dev.sluice.processor.write.KernelShape.SINK_ITEMS;

import com.squareup.javapoet.ArrayTypeName;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import dev.sluice.processor.compute.RegionPlan;
import dev.sluice.processor.kernel.KernelNames;
import dev.sluice.processor.model.ChannelModel;
import dev.sluice.processor.model.FieldModel;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import dev.sluice.runtime.protocol.Failures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * Writes the host half of {@code <Name>Pipeline_Kernel}, the {@code DeviceProgram} methods the OpenCL
 * driver calls: it sizes the global buffers, reads {@code @Param} and {@code @State} from fresh node
 * objects, loads input slices, grows sink buffers, and gathers sink items and reductions after each
 * launch. None of it is translated to OpenCL; {@link KernelWriter} writes the device half into the same class.
 */
final class KernelHostWriter {
  private final KernelShape shape;
  private final PipelineModel model;
  private final Names names;
  private final TypeSpec.Builder t;
  private final Map<String, String> translatedFrom;
  private final boolean checkRows;

  /** {@code checkRows}: run the source record's canonical constructor on each row of {@code runColumns}. */
  KernelHostWriter(KernelShape shape, TypeSpec.Builder t, Map<String, String> translatedFrom, boolean checkRows) {
    this.shape = shape;
    this.model = shape.model;
    this.names = shape.names;
    this.t = t;
    this.translatedFrom = translatedFrom;
    this.checkRows = checkRows;
  }

  /**
   * The sources the bodies were translated from (the nodes', and those of the classes whose helpers
   * and constants they copy), which the runtime compares with the classes it loads.
   */
  private MethodSpec translatedFrom() {
    CodeBlock.Builder entries = CodeBlock.builder();
    String separator = "";
    for (Map.Entry<String, String> e : translatedFrom.entrySet()) {
      entries.add("$L\n$T.entry($S, $S)", separator, Map.class, e.getKey(), e.getValue());
      separator = ",";
    }
    return MethodSpec.methodBuilder("translatedFrom").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(ParameterizedTypeName.get(Map.class, String.class, String.class))
        .addComment("its node classes and the classes whose static helpers or constants it copies, each with the")
        .addComment("stamp of its source file when this kernel was written")
        .addStatement("return $T.ofEntries($L)", Map.class, entries.build()).build();
  }

  void write() {
    for (StageModel s : model.nodes()) {
      for (FieldModel f : s.node().fields(FieldModel.Kind.REDUCE)) {
        TypeName type = TypeName.get(f.element().asType());
        t.addField(FieldSpec.builder(type, KernelNames.reduceResult(s.name(), f.name())).build());
      }
    }
    for (StageModel s : model.sinks()) {
      if (s.itemType().isRecord()) {
        t.addField(FieldSpec.builder(ParameterizedTypeName.get(ClassName.get(List.class), Names.type(s.itemType())),
            KernelNames.sinkItems(s.name())).initializer("new $T<>()", ArrayList.class).build());
      } else {
        TypeName items = ParameterizedTypeName.get(SINK_ITEMS, ArrayTypeName.of(Names.type(s.itemType())));
        t.addField(FieldSpec.builder(items, KernelNames.sinkItems(s.name()))
            .initializer("new $T<>($S)", SINK_ITEMS, s.name()).build());
      }
    }
    for (StageModel s : model.nodes()) {
      for (FieldModel f : s.node().fields(FieldModel.Kind.REDUCE)) {
        t.addField(FieldSpec.builder(ArrayTypeName.of(TypeName.get(f.element().asType())),
            KernelNames.kept(KernelNames.reduceSlot(s.name(), f.name())), Modifier.PRIVATE).build());
      }
      for (FieldModel f : s.node().fields(FieldModel.Kind.STATE)) {
        t.addField(FieldSpec.builder(ArrayTypeName.of(TypeName.get(f.element().asType())),
            KernelNames.kept(KernelNames.state(s.name(), f.name())), Modifier.PRIVATE).build());
      }
    }
    t.addField(FieldSpec.builder(PENDING_PUTS, "puts", Modifier.PRIVATE, Modifier.FINAL)
        .initializer("new $T()", PENDING_PUTS)
        .addJavadoc("Host arrays changed since the last launch, put right before the next one.\n").build());
    t.addField(FieldSpec.builder(names.api(), "pipeline", Modifier.PRIVATE)
        .addJavadoc("The pipeline object whose run this kernel serves now (bound by {@code LiveKernels}).\n").build());
    t.addMethod(MethodSpec.methodBuilder("kernel").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(KERNEL).addStatement("return this").build());
    t.addMethod(translatedFrom());
    t.addMethod(MethodSpec.methodBuilder("bind").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .addParameter(Object.class, "pipeline").addStatement("this.pipeline = ($T) pipeline", names.api()).build());
    t.addMethod(result());
    t.addMethod(MethodSpec.methodBuilder("inputColumnBytes").addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC).returns(int[].class)
        .addStatement("return $L", Column.bytesArray(model.source().itemType())).build());
    t.addMethod(MethodSpec.methodBuilder("stagingItems").addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC).returns(long[].class)
        .addStatement("return new long[] {$L}",
            String.join(", ", staging().stream().map(b -> b.items() + "L").toList())).build());
    MethodSpec.Builder sinkBytes = MethodSpec.methodBuilder("sinkColumnBytes").addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC).returns(int[].class).addParameter(int.class, "k");
    for (StageModel s : model.sinks()) {
      sinkBytes.beginControlFlow("if (k == $L)", shape.sinkIndex(s.name()))
          .addStatement("return $L", Column.bytesArray(s.itemType())).endControlFlow();
    }
    t.addMethod(sinkBytes.addStatement("throw new $T($S + k)", IndexOutOfBoundsException.class, "no sink ").build());
    readParams();
    forgetDeviceCopies();
    allocate();
    growSink();
    load();
    resetSlice();
    fetchState();
    accessors();
    collect();
    dropOutputs();
    describe();
    parents();
    channels();
    t.addMethod(MethodSpec.methodBuilder("dispose").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .addComment("Aparapi's dispose of a kernel that did not compile, or never launched, crashes the JVM (see Kernels.dispose)")
        .beginControlFlow("if ($T.disposable(this))", Names.KERNELS)
        .addStatement("super.dispose()")
        .endControlFlow().build());
  }

  /**
   * Each run reads {@code @Param} values and initial {@code @State} from node objects its factories
   * make now, as the CPU back end does. The kernel's copy of a {@code @Param} array goes to the device
   * only when the node's array differs from it in length or in any element (compared bit for bit), so
   * an array changed in place is seen and an unchanged one is not copied again.
   */
  private void readParams() {
    MethodSpec.Builder m = MethodSpec.methodBuilder("readParams").addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC).returns(long.class)
        .addStatement("long sl_bytes = 0");
    for (StageModel s : model.nodes()) {
      List<FieldModel> params = s.node().fields(FieldModel.Kind.PARAM);
      List<FieldModel> state = s.node().fields(FieldModel.Kind.STATE);
      if (params.isEmpty() && state.isEmpty()) {
        m.addComment("nothing to read, but the factory is called as on the CPU: a null, a throw or an object an")
            .addComment("earlier run had fails the run alike")
            .addStatement("$T.made(pipeline.$N.get(), $S, $S)", Names.NODE_OBJECTS, Names.factory(s.name()),
                model.element().getSimpleName().toString(), s.name());
        continue;
      }
      ClassName node = Names.user(s.node().element());
      String n = "n_" + KernelNames.part(s.name());
      m.addStatement("$T $N = $T.made(pipeline.$N.get(), $S, $S)", node, n, Names.NODE_OBJECTS, Names.factory(s.name()),
          model.element().getSimpleName().toString(), s.name());
      for (FieldModel f : params) {
        String p = KernelNames.param(s.name(), f.name());
        if (!f.array()) {
          if (f.element().asType().getKind() == javax.lang.model.type.TypeKind.BOOLEAN) {
            m.addStatement("$N = $N.$N ? 1 : 0", p, n, f.name()); // KernelNames.paramType
          } else {
            m.addStatement("$N = $N.$N", p, n, f.name());
          }
          continue;
        }
        TypeName type = TypeName.get(f.element().asType());
        TypeName element = ((ArrayTypeName) type).componentType;
        String len = KernelNames.paramLength(s.name(), f.name());
        String v = "v_" + KernelNames.part(s.name()) + "_" + KernelNames.part(f.name());
        m.addStatement("$T $N = $N.$N", type, v, n, f.name())
            .beginControlFlow("if ($N == null)", v)
            .addStatement("throw new $T($S)", NullPointerException.class,
                "@Param array '" + f.name() + "' of node '" + s.name() + "' is null")
            .endControlFlow()
            .beginControlFlow("if ($N != $N.length || !$T.equals($N, 0, $N.length, $N, 0, $N.length))", len, v,
                java.util.Arrays.class, p, v, v, v)
            .beginControlFlow("if ($N.length != Math.max(1, $N.length))", p, v)
            .addStatement("$N = new $T[Math.max(1, $N.length)]", p, element, v)
            .endControlFlow()
            .addStatement("System.arraycopy($N, 0, $N, 0, $N.length)", v, p, v)
            .addStatement("$N = $N.length", len, v)
            .addStatement("puts.put($S, $N)", p, p)
            .addStatement("sl_bytes += $L * (long) $N.length", Column.bytes(element), p)
            .endControlFlow();
      }
      for (FieldModel f : state) {
        m.addStatement("$N = $N.$N", KernelNames.stateInit(s.name(), f.name()), n, f.name());
      }
    }
    t.addMethod(m.addStatement("return sl_bytes").build());
  }

  /** Marks every {@code @Param} array as not on the device, so the next readParams copies it. */
  private void forgetDeviceCopies() {
    MethodSpec.Builder m = MethodSpec.methodBuilder("forgetDeviceCopies").addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC);
    for (StageModel s : model.nodes()) {
      for (FieldModel f : s.node().fields(FieldModel.Kind.PARAM)) {
        if (f.array()) {
          m.addStatement("$N = -1", KernelNames.paramLength(s.name(), f.name()));
        }
      }
    }
    t.addMethod(m.build());
  }

  /** A buffer the kernel stages a run's pushes or raised signals in: its field and items per work-group. */
  private record Staging(String field, long items) {}

  /**
   * The staging buffers, one per column: width x {@code @Max} per channel, width x {@code RAISES} per
   * raised tag. {@link #allocate} makes them and {@code stagingItems()} tells the memory check their
   * sizes, both from this list.
   */
  private List<Staging> staging() {
    List<Staging> buffers = new ArrayList<>();
    for (StageModel s : model.nodes()) {
      for (ChannelModel ch : s.isEnumerator() ? List.<ChannelModel>of() : s.node().channels()) {
        for (Column c : Column.of(ch.type())) {
          buffers.add(new Staging(KernelNames.staging(s.name(), ch.name()) + c.suffix(), (long) shape.width * ch.max()));
        }
      }
      for (ItemType tag : s.node().raisedTags()) {
        for (Column c : Column.of(tag)) {
          buffers.add(new Staging(KernelNames.raisedPayload(s.name(), tag.simpleName()) + c.suffix(),
              (long) shape.width * RAISES));
        }
      }
    }
    return buffers;
  }

  private void allocate() {
    MethodSpec.Builder m = MethodSpec.methodBuilder("allocate").addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .addParameter(int[].class, "plan").addParameter(int.class, "groups").addParameter(int.class, "slice")
        .addParameter(int[].class, "capacity")
        .addStatement("this.plan = plan")
        .addComment("the last run's arrays again where their size is right (HostArrays): one set held, not two")
        .addStatement("st = $T.zeroed(st, (long) groups * plan[$T.P_STATE])", HOST_ARRAYS, PLAN_CODE)
        .addStatement("stats = $T.zeroed(stats, (long) groups * plan[$T.P_STAGES] * $T.STATS)", HOST_ARRAYS, PLAN_CODE, LAYOUT)
        .addStatement("err = $T.zeroed(err, (long) groups * $T.ERR_STRIDE)", HOST_ARRAYS, LAYOUT);
    for (Column c : Column.of(model.source().itemType())) {
      // grown by load() to the largest slice actually loaded, so small runs hold small buffers
      m.addStatement("in$L = new $T[1]", c.suffix(), c.type());
    }
    for (StageModel s : model.nodes()) {
      for (Column c : Column.of(s.itemType())) {
        // the plan carries the capacity, as it does for the scheduler and the CPU back end
        String q = KernelNames.queue(s.name()) + c.suffix();
        m.addStatement("$N = $T.zeroed($N, (long) groups * plan[$T.stage($L) + $T.F_CAPACITY])", q, HOST_ARRAYS, q,
            PLAN_CODE, names.index(s.name()), PLAN_CODE);
      }
      for (FieldModel f : s.node().fields(FieldModel.Kind.REDUCE)) {
        String rs = KernelNames.reduceSlot(s.name(), f.name());
        m.addStatement("$N = new $T[groups]", rs, TypeName.get(f.element().asType()))
            .addStatement("$T.fill($N, $L)", java.util.Arrays.class, rs, Reductions.identity(f))
            .addStatement("$N = $N.clone()", KernelNames.kept(rs), rs);
        m.addStatement("$N = $L", KernelNames.reduceResult(s.name(), f.name()), Reductions.identity(f));
      }
      for (FieldModel f : s.node().fields(FieldModel.Kind.STATE)) {
        String sv = KernelNames.state(s.name(), f.name());
        m.addStatement("$N = new $T[groups]", sv, TypeName.get(f.element().asType()))
            .addStatement("$T.fill($N, $N)", java.util.Arrays.class, sv, KernelNames.stateInit(s.name(), f.name()))
            .addStatement("$N = $N.clone()", KernelNames.kept(sv), sv);
      }
    }
    for (RegionPlan r : shape.schedule.regions()) {
      for (Column c : r.number() == 0 ? List.<Column>of() : Column.of(r.parentType())) {
        String par = KernelNames.parents(r.number()) + c.suffix();
        m.addStatement("$N = $T.zeroed($N, (long) groups * plan[$T.regionOf(plan, $L) + $T.R_BUFFER])", par, HOST_ARRAYS, par,
            PLAN_CODE, r.number(), PLAN_CODE);
      }
    }
    for (ItemType tag : shape.raisedTags()) {
      for (Column c : Column.of(tag)) {
        String pool = KernelNames.pool(tag.simpleName()) + c.suffix();
        m.addStatement("$N = $T.zeroed($N, (long) groups * plan[$T.P_STAGES] * plan[$T.P_POOL])", pool, HOST_ARRAYS, pool,
            PLAN_CODE, PLAN_CODE);
      }
    }
    for (Staging b : staging()) {
      m.addStatement("$N = $T.zeroed($N, groups * $LL)", b.field(), HOST_ARRAYS, b.field(), b.items());
    }
    for (StageModel s : model.nodes()) {
      for (ItemType tag : s.node().raisedTags()) {
        m.addStatement("$N = new int[groups]", KernelNames.raisedCount(s.name(), tag.simpleName()));
      }
    }
    for (StageModel s : model.sinks()) {
      int k = shape.sinkIndex(s.name());
      m.addStatement("sinkCap[$L] = capacity[$L]", k, k);
      for (Column c : Column.of(s.itemType())) {
        // kept from the last run when its size is right: the kernel writes it before the host reads it
        m.beginControlFlow("if ($N.length != capacity[$L])", KernelNames.sinkBuffer(s.name()) + c.suffix(), k)
            .addStatement("$N = new $T[capacity[$L]]", KernelNames.sinkBuffer(s.name()) + c.suffix(), c.type(), k)
            .endControlFlow();
      }
    }
    m.addComment("this run's outputs start from none").addStatement("dropOutputs()");
    m.addStatement("puts.put($S, plan)", "plan");
    t.addMethod(m.build());
  }

  private void growSink() {
    MethodSpec.Builder m = MethodSpec.methodBuilder("growSink").addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC).addParameter(int.class, "k").addParameter(int.class, "capacity")
        .addStatement("sinkCap[k] = capacity");
    for (StageModel s : model.sinks()) {
      m.beginControlFlow("if (k == $L)", shape.sinkIndex(s.name()));
      for (Column c : Column.of(s.itemType())) {
        String buffer = KernelNames.sinkBuffer(s.name()) + c.suffix();
        m.addStatement("$N = new $T[capacity]", buffer, c.type());
        m.addStatement("puts.put($S, $N)", buffer, buffer);
      }
      m.endControlFlow();
    }
    t.addMethod(m.build());
  }

  private void load() {
    StageModel src = model.source();
    ItemType type = src.itemType();
    MethodSpec.Builder m = MethodSpec.methodBuilder("load").addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .addParameter(Object.class, "data").addParameter(long.class, "base").addParameter(int.class, "from")
        .addParameter(int.class, "count")
        .addStatement("inLength = count");
    for (Column c : Column.of(model.source().itemType())) {
      m.beginControlFlow("if (data != null && in$L.length < count)", c.suffix())
          .addStatement("in$L = new $T[count]", c.suffix(), c.type())
          .endControlFlow();
    }
    if (type.isRecord()) {
      List<Column> cols = Column.of(type);
      ClassName rec = Names.user(type.element());
      m.beginControlFlow("if (data instanceof $T[] items)", rec)
          .beginControlFlow("for (int i = 0; i < count; i++)")
          .addComment("not null: the driver checked the slice (InputChunk.firstNull)")
          .addStatement("$T r = items[from + i]", rec);
      for (Column c : cols) {
        m.addStatement("in$L[i] = r.$N()", c.suffix(), c.accessor());
      }
      m.endControlFlow().nextControlFlow("else")
          .addStatement("Object[] columns = (Object[]) data");
      for (int i = 0; i < cols.size(); i++) {
        m.addStatement("System.arraycopy(($T) columns[$L], from, in$L, 0, count)", ArrayTypeName.of(cols.get(i).type()),
            i, cols.get(i).suffix());
      }
      if (checkRows) {
        CodeBlock args = cols.stream().map(c -> CodeBlock.of("in$L[i]", c.suffix())).collect(CodeBlock.joining(", "));
        m.addComment("the CPU back ends build each row with $T's own constructor, which may refuse it: so does this", rec)
            .beginControlFlow("for (int i = 0; i < count; i++)")
            .addCode(CpuBlocks.checkedRow(CodeBlock.of("new $T($L)", rec, args), rec.simpleName()))
            .endControlFlow();
      }
      m.endControlFlow();
      for (Column c : cols) {
        m.addStatement("puts.put($S, in$L)", "in" + c.suffix(), c.suffix());
      }
    } else {
      m.beginControlFlow("if (data == null)")
          .addComment("an index range: the items are base + position, computed on the device")
          .addStatement("inRange = 1")
          .addStatement("inBase = base + from")
          .nextControlFlow("else")
          .addStatement("inRange = 0")
          .addStatement("System.arraycopy(data, from, in, 0, count)")
          .addStatement("puts.put($S, in)", "in")
          .endControlFlow();
    }
    t.addMethod(m.build());
  }

  /**
   * The per-group values that live as long as a CPU instance's node objects: reductions and
   * {@code @State}. Each slice starts from their values after the last slice that completed, so a
   * slice run again (a sink grew) or split does not apply its updates twice.
   */
  private List<String> persistent() {
    List<String> out = new ArrayList<>();
    for (StageModel s : model.nodes()) {
      for (FieldModel f : s.node().fields(FieldModel.Kind.REDUCE)) {
        out.add(KernelNames.reduceSlot(s.name(), f.name()));
      }
      for (FieldModel f : s.node().fields(FieldModel.Kind.STATE)) {
        out.add(KernelNames.state(s.name(), f.name()));
      }
    }
    return out;
  }

  private void resetSlice() {
    MethodSpec.Builder m = MethodSpec.methodBuilder("resetSlice").addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC).addParameter(int.class, "claimers")
        .addComment("right before the launch, which binds every array put: see $T", PENDING_PUTS)
        .addStatement("puts.flush(this)")
        .addStatement("cursor[0] = 0")
        .addStatement("cursor[1] = claimers")
        .addStatement("$T.fill(sinkCount, 0)", java.util.Arrays.class)
        .addStatement("put(cursor).put(sinkCount).put(sinkCap)");
    for (String a : persistent()) {
      m.addStatement("System.arraycopy($N, 0, $N, 0, $N.length)", KernelNames.kept(a), a, a).addStatement("put($N)", a);
    }
    t.addMethod(m.build());
  }

  private void fetchState() {
    t.addMethod(MethodSpec.methodBuilder("fetchState").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .addStatement("get(st).get(stats).get(err).get(sinkCount)").build());
  }

  private void accessors() {
    t.addMethod(MethodSpec.methodBuilder("state").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(int[].class).addStatement("return st").build());
    t.addMethod(MethodSpec.methodBuilder("stats").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(long[].class).addStatement("return stats").build());
    t.addMethod(MethodSpec.methodBuilder("errors").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(int[].class).addStatement("return err").build());
    t.addMethod(MethodSpec.methodBuilder("sinkCounts").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(int[].class).addStatement("return sinkCount").build());
    t.addMethod(MethodSpec.methodBuilder("sinkCapacity").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .addParameter(int.class, "k").returns(int.class).addStatement("return sinkCap[k]").build());
  }

  private void collect() {
    MethodSpec.Builder m = MethodSpec.methodBuilder("collect").addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC);
    for (StageModel s : model.sinks()) {
      int k = shape.sinkIndex(s.name());
      List<Column> cols = Column.of(s.itemType());
      for (Column c : cols) {
        m.addStatement("get($N)", KernelNames.sinkBuffer(s.name()) + c.suffix());
      }
      if (s.itemType().isRecord()) {
        List<String> args = new ArrayList<>();
        for (Column c : cols) {
          args.add(KernelNames.sinkBuffer(s.name()) + c.suffix() + "[i]");
        }
        m.beginControlFlow("for (int i = 0; i < sinkCount[$L]; i++)", k)
            .addStatement("$N.add(new $T($L))", KernelNames.sinkItems(s.name()), Names.user(s.itemType().element()), String.join(", ", args))
            .endControlFlow();
      } else {
        // each slice's items at their exact size, joined once at the end of the run (SinkItems)
        m.addStatement("$N.add($N, sinkCount[$L])", KernelNames.sinkItems(s.name()), KernelNames.sinkBuffer(s.name()), k);
      }
    }
    for (String a : persistent()) {
      m.addStatement("get($N)", a).addStatement("$N = $N.clone()", KernelNames.kept(a), a);
    }
    for (StageModel s : model.nodes()) {
      for (FieldModel f : s.node().fields(FieldModel.Kind.REDUCE)) {
        // the run's result so far: the groups' values combined
        String slot = KernelNames.reduceSlot(s.name(), f.name());
        String result = KernelNames.reduceResult(s.name(), f.name());
        m.addStatement("$N = $L", result, Reductions.identity(f))
            .beginControlFlow("for ($T v : $N)", TypeName.get(f.element().asType()), slot)
            .addStatement("$N = $L", result, Reductions.combine(f, result, "v"))
            .endControlFlow();
      }
    }
    t.addMethod(m.build());
  }

  private void describe() {
    MethodSpec.Builder m = MethodSpec.methodBuilder("queued").addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC).returns(String.class)
        .addParameter(int.class, "stage").addParameter(int.class, "slot");
    for (StageModel s : model.nodes()) {
      m.beginControlFlow("if (stage == $L)", names.index(s.name()));
      List<Column> cols = Column.of(s.itemType());
      for (Column c : cols) {
        m.addStatement("get($N)", KernelNames.queue(s.name()) + c.suffix());
      }
      if (s.itemType().isRecord()) {
        List<String> args = new ArrayList<>();
        for (Column c : cols) {
          args.add(KernelNames.queue(s.name()) + c.suffix() + "[slot]");
        }
        m.addStatement("return $T.text(new $T($L))", Failures.class, Names.user(s.itemType().element()), String.join(", ", args));
      } else {
        m.addStatement("return String.valueOf($N[slot])", KernelNames.queue(s.name()));
      }
      m.endControlFlow();
    }
    m.addStatement("return $S + slot", "queue slot ");
    t.addMethod(m.build());
  }

  /** For a failure's message: the parent a stage in a region works on, read back from the device. */
  private void parents() {
    List<RegionPlan> regions = shape.schedule.regions().stream().filter(r -> r.number() > 0).toList();
    if (regions.isEmpty()) {
      return;
    }
    MethodSpec.Builder m = MethodSpec.methodBuilder("parentOf").addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC).returns(Object.class)
        .addParameter(int.class, "stage").addParameter(int.class, "g")
        .addComment("the state as the launch left it (fetched), the parent buffers read here")
        .addStatement("int slot = $T.parentSlot(plan, st, g, stage)", KernelShape.SCHED)
        .beginControlFlow("if (slot < 0)").addStatement("return null").endControlFlow();
    for (RegionPlan r : regions) {
      m.beginControlFlow("if ($T.PLAN.label(stage) == $L)", names.api(), r.number());
      List<Column> cols = Column.of(r.parentType());
      for (Column c : cols) {
        m.addStatement("get($N)", KernelNames.parents(r.number()) + c.suffix());
      }
      m.addStatement("int at = g * $L + slot", KernelShape.parentBufferOf(r));
      List<String> args = new ArrayList<>();
      for (Column c : cols) {
        args.add(KernelNames.parents(r.number()) + c.suffix() + "[at]");
      }
      if (r.parentType().isRecord()) {
        m.addStatement("return new $T($L)", Names.user(r.parentType().element()), String.join(", ", args));
      } else {
        m.addStatement("return $L", args.get(0));
      }
      m.endControlFlow();
    }
    t.addMethod(m.addStatement("return null").build());
  }

  private void channels() {
    MethodSpec.Builder name = MethodSpec.methodBuilder("channelName").addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC).returns(String.class)
        .addParameter(int.class, "stage").addParameter(int.class, "index");
    MethodSpec.Builder max = MethodSpec.methodBuilder("channelMax").addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC).returns(int.class)
        .addParameter(int.class, "stage").addParameter(int.class, "index");
    for (StageModel s : model.nodes()) {
      List<ChannelModel> chans = s.node().channels();
      for (int c = 0; c < chans.size(); c++) {
        name.beginControlFlow("if (stage == $L && index == $L)", names.index(s.name()), c)
            .addStatement("return $S", chans.get(c).name()).endControlFlow();
        max.beginControlFlow("if (stage == $L && index == $L)", names.index(s.name()), c)
            .addStatement("return $L", chans.get(c).max()).endControlFlow();
      }
    }
    t.addMethod(name.addStatement("return $S + index", "channel ").build());
    t.addMethod(max.addStatement("return 0").build());
  }

  /**
   * {@code DeviceProgram.result}: the pipeline's {@code Result} from what the slices gathered. The
   * accumulators are handed over, not copied: the next run starts new ones.
   */
  private void dropOutputs() {
    MethodSpec.Builder m = MethodSpec.methodBuilder("dropOutputs").addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC);
    for (StageModel s : model.sinks()) {
      if (s.itemType().isRecord()) {
        m.addStatement("$N = new $T<>()", KernelNames.sinkItems(s.name()), ArrayList.class);
      } else {
        m.addStatement("$N = new $T<>($S)", KernelNames.sinkItems(s.name()), SINK_ITEMS, s.name());
      }
    }
    t.addMethod(m.build());
  }

  private MethodSpec result() {
    List<CodeBlock> args = new ArrayList<>();
    for (StageModel s : model.sinks()) {
      String items = KernelNames.sinkItems(s.name());
      if (s.itemType().isRecord()) {
        args.add(CodeBlock.of("$T.unmodifiableList($N)", java.util.Collections.class, items));
      } else {
        args.add(CodeBlock.of("$N.join(new $T[0])", items, Names.type(s.itemType())));
      }
    }
    for (StageModel s : model.nodes()) {
      for (FieldModel f : s.node().fields(FieldModel.Kind.REDUCE)) {
        args.add(CodeBlock.of("$N", KernelNames.reduceResult(s.name(), f.name())));
      }
    }
    args.add(CodeBlock.of("report"));
    return MethodSpec.methodBuilder("result").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
        .returns(Object.class).addParameter(Names.RUN_REPORT, "report")
        .addStatement("return new $T($L)", names.result(), CodeBlock.join(args, ",$W"))
        .build();
  }
}
