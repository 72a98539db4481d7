package dev.sluice.processor.write;

import com.squareup.javapoet.ArrayTypeName;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import com.squareup.javapoet.WildcardTypeName;
import dev.sluice.processor.compute.RegionPlan;
import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.compute.StagePlan;
import dev.sluice.processor.kernel.KernelPlanner;
import dev.sluice.processor.model.FieldModel;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.read.Packages;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import javax.lang.model.element.Modifier;

/**
 * Writes the public pipeline class: the computed {@code PLAN}, a builder for node factories and run
 * options, {@code run} over an array, record columns, an index range or a chunked stream, and a typed
 * {@code Result} with one accessor per sink and per {@code @Reduce} field.
 */
final class ApiWriter {
  private static final ClassName LIST = ClassName.get(List.class);
  private static final ClassName SINK_LIMIT = ClassName.get(Names.RUNTIME + ".queue", "SinkLimit");

  private final PipelineModel model;
  private final Schedule schedule;
  private final Names names;
  private final KernelPlanner.Plan kernel;

  ApiWriter(PipelineModel model, Schedule schedule, Names names, KernelPlanner.Plan kernel) {
    this.model = model;
    this.schedule = schedule;
    this.names = names;
    this.kernel = kernel;
  }

  TypeSpec write() {
    ClassName api = names.api();
    TypeSpec.Builder t = TypeSpec.classBuilder(api)
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .addSuperinterface(AutoCloseable.class)
        .addJavadoc(javadoc());
    t.addField(FieldSpec.builder(Names.PLAN, "PLAN", Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("The schedule the processor computed for {@link $T}.\n", model.element())
        .initializer("$L()", PlanWriter.METHOD)
        .build());
    t.addMethods(new PlanWriter(model, schedule, names).methods());
    for (StageModel s : model.nodes()) {
      t.addField(factoryType(s), Names.factory(s.name()), Modifier.FINAL);
    }
    t.addField(Names.RUN_OPTIONS, "options", Modifier.PRIVATE, Modifier.FINAL);
    t.addField(FieldSpec.builder(CpuDirectWriter.SINK_STARTS, "sinkStarts", Modifier.PRIVATE, Modifier.FINAL)
        .addJavadoc("Where the direct CPU executor's sink buffers start: what this object's last run needed.\n")
        .initializer("new $T($L)", CpuDirectWriter.SINK_STARTS, model.sinks().size())
        .build());
    if (!kernel.hasKernel()) {
      t.addField(FieldSpec.builder(String.class, "NO_KERNEL", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
          .addJavadoc("Why this pipeline has no OpenCL kernel.\n").initializer("$S", kernel.noKernel()).build());
    }
    MethodSpec.Builder ctor = MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE)
        .addParameter(builderName(), "b");
    for (StageModel s : model.nodes()) {
      ctor.addStatement("this.$N = b.$N", Names.factory(s.name()), Names.factory(s.name()));
    }
    ctor.addStatement("this.options = new $T(b.device, b.instances, b.chunkSize, b.maxSteps, b.progress)", Names.RUN_OPTIONS);
    t.addMethod(ctor.build());
    MethodSpec.Builder close = MethodSpec.methodBuilder("close").addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .addJavadoc("Releases the compiled kernels (and their buffers) that OpenCL devices keep for this pipeline\n"
            + "class and no run is using; a later OpenCL run builds one again. Without it a device keeps a few\n"
            + "kernels, shared by the objects of a class, and releases the least recently used. Never needed\n"
            + "for correctness; the object stays usable.\n");
    if (kernel.hasKernel()) {
      close.addStatement("$T.release($T.class)", Names.LIVE_KERNELS, names.api());
    }
    t.addMethod(close.build());
    t.addMethod(MethodSpec.methodBuilder("builder")
        .addJavadoc("A builder with every run option at its default and, for each node with a no-argument\n"
            + "constructor, that constructor as its factory.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(builderName())
        .addStatement("return new $T()", builderName())
        .build());
    t.addMethod(MethodSpec.methodBuilder("hasKernel")
        .addJavadoc("Whether the processor wrote an OpenCL kernel for this pipeline. Without one (with\n"
            + "{@code gpu = false}, or where the note SLU620 said why) every OpenCL device named for it refuses it\n"
            + "with a {@code DeviceUnavailableException}, and {@code Device.best()} runs it on the CPU back end;\n"
            + "a test runs it on the CPU's devices alone then. With one, a device may still refuse it at its\n"
            + "first run (a kernel its driver cannot build), saying why.\n")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(boolean.class)
        .addStatement("return $L", kernel.hasKernel())
        .build());
    t.addMethod(MethodSpec.methodBuilder("plan")
        .addJavadoc("The computed schedule: stages, regions, capacities, dispatch tables.\n")
        .addModifiers(Modifier.PUBLIC)
        .returns(Names.PLAN)
        .addStatement("return PLAN")
        .build());
    runMethods(t);
    t.addType(result());
    t.addType(builder());
    return t.build();
  }

  private CodeBlock javadoc() {
    CodeBlock.Builder b = CodeBlock.builder()
        .add("The pipeline declared by {@link $T}, generated by the Sluice processor.\n\n", model.element())
        .add("<pre>\n")
        .add("stage            region  rank  queue  per run\n");
    for (StageModel s : names.stagesInPlanOrder()) {
      StagePlan p = schedule.stage(s.name());
      b.add("$L\n", String.format("%-16s %6d %5d %6d %8d", s.name(), p.label(), p.rank(), p.queueCapacity(),
          p.queueMaxPerRun()));
    }
    for (RegionPlan r : schedule.regions()) {
      b.add("$L\n", r.number() == 0
          ? "region 0: everything but the source"
          : "region " + r.number() + ": head " + r.head() + ", members " + r.members() + ", terminals "
              + r.terminals() + ", parent buffer " + r.parentBuffer());
    }
    return b.add("</pre>\n").build();
  }

  private ClassName builderName() {
    return names.api().nestedClass("Builder");
  }

  private ClassName resultName() {
    return names.result();
  }

  private static TypeName factoryType(StageModel s) {
    return ParameterizedTypeName.get(ClassName.get(Supplier.class),
        WildcardTypeName.subtypeOf(Names.user(s.node().element())));
  }

  /** {@code runColumns} over whole arrays. */
  private MethodSpec executeColumns() {
    return MethodSpec.methodBuilder("executeColumns")
        .addJavadoc("{@code runColumns} over the whole arrays.\n")
        .addModifiers(Modifier.PRIVATE)
        .returns(resultName())
        .addParameter(Object[].class, "columns")
        .addStatement("int n = columnsLength(columns, true)")
        .addStatement("return execute(chunk -> $T.of(columns, 0, n, chunk))", Names.INPUT_CURSOR)
        .build();
  }

  /** {@code runColumns} over rows {@code [from, to)}. */
  private MethodSpec executeColumnRange() {
    return MethodSpec.methodBuilder("executeColumns")
        .addJavadoc("{@code runColumns} over rows {@code [from, to)} of the arrays.\n")
        .addModifiers(Modifier.PRIVATE)
        .returns(resultName())
        .addParameter(Object[].class, "columns")
        .addParameter(int.class, "from")
        .addParameter(int.class, "to")
        .addStatement("$T.checkFromToIndex(from, to, columnsLength(columns, false))", Objects.class)
        .addStatement("return execute(chunk -> $T.of(columns, from, to, chunk))", Names.INPUT_CURSOR)
        .build();
  }

  /**
   * What {@code runColumns} checks of its arrays ({@code cols} names them, in component order): that
   * none is null and, for whole arrays, all have the first one's length; for some rows, which are all
   * it reads, the arrays may differ in length past them. It returns the shortest one's length, which
   * the rows must be within.
   */
  private MethodSpec columnsLength(List<String> cols) {
    MethodSpec.Builder m = MethodSpec.methodBuilder("columnsLength")
        .addJavadoc("{@code runColumns}' arrays, in component order: none null and, with {@code same}, all as long\n"
            + "as the first. Returns the shortest one's length.\n")
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .returns(int.class)
        .addParameter(Object[].class, "columns")
        .addParameter(boolean.class, "same");
    // the messages name the pipeline, as the run's other refusals do
    for (int c = 0; c < cols.size(); c++) {
      m.beginControlFlow("if (columns[$L] == null)", c)
          .addStatement("throw new $T(PLAN.name + $S)", NullPointerException.class,
              ": runColumns: column " + cols.get(c) + " is null")
          .endControlFlow();
    }
    m.addStatement("int n = $T.getLength(columns[0])", java.lang.reflect.Array.class);
    m.addStatement("int shortest = n");
    for (int c = 1; c < cols.size(); c++) {
      m.beginControlFlow("if ($T.getLength(columns[$L]) != n)", java.lang.reflect.Array.class, c)
          .beginControlFlow("if (same)")
          .addStatement("throw new $T(PLAN.name + $S + $T.getLength(columns[$L]) + $S + n)", IllegalArgumentException.class,
              ": runColumns: column " + cols.get(c) + " has ", java.lang.reflect.Array.class, c,
              " items, column " + cols.get(0) + " has ")
          .endControlFlow()
          .addStatement("shortest = $T.min(shortest, $T.getLength(columns[$L]))", Math.class,
              java.lang.reflect.Array.class, c)
          .endControlFlow();
    }
    // with same, every column is n long
    return m.addStatement("return shortest").build();
  }

  /** {@code name}, or with underscores after it until no component of the source record has it. */
  private static String free(String name, List<String> taken) {
    while (taken.contains(name)) {
      name += "_";
    }
    return name;
  }

  private void runMethods(TypeSpec.Builder t) {
    StageModel src = model.source();
    ItemType type = src.itemType();
    TypeName item = Names.type(type);
    t.addMethod(MethodSpec.methodBuilder("run")
        .addJavadoc("Runs the pipeline over {@code input} on the configured device.\n")
        .addModifiers(Modifier.PUBLIC)
        .returns(resultName())
        .addParameter(ArrayTypeName.of(item), "input")
        .addStatement("$T.requireNonNull(input, $S)", Objects.class, model.simpleName() + ": run: input is null")
        .addStatement("return execute(chunk -> $T.of(input, input.length, chunk))", Names.INPUT_CURSOR)
        .build());
    // a part of an array, as java.util.Arrays' methods take one: a buffer filled anew for each run
    t.addMethod(MethodSpec.methodBuilder("run")
        .addJavadoc("Runs the pipeline over {@code input[fromIndex]} to {@code input[toIndex - 1]} on the configured\n"
            + "device; a failure names an item by its index in {@code input}.\n\n"
            + "@throws IndexOutOfBoundsException if the range is not within {@code input}\n")
        .addModifiers(Modifier.PUBLIC)
        .returns(resultName())
        .addParameter(ArrayTypeName.of(item), "input")
        .addParameter(int.class, "fromIndex")
        .addParameter(int.class, "toIndex")
        .addStatement("$T.requireNonNull(input, $S)", Objects.class, model.simpleName() + ": run: input is null")
        .addStatement("$T.checkFromToIndex(fromIndex, toIndex, input.length)", Objects.class)
        .addStatement("return execute(chunk -> $T.of(input, fromIndex, toIndex, chunk))", Names.INPUT_CURSOR)
        .build());
    if (type.isRecord()) {
      MethodSpec.Builder m = MethodSpec.methodBuilder("runColumns")
          .addJavadoc("Runs over record columns: item {@code i} is {@code new $T(", item)
          .addModifiers(Modifier.PUBLIC)
          .returns(resultName());
      List<String> cols = new ArrayList<>();
      for (ItemType.Component c : type.components()) {
        m.addParameter(ArrayTypeName.of(Names.type(ItemType.primitive(c.kind()))), c.name());
        cols.add(c.name());
      }
      m.addJavadoc("$L)}.\n", String.join("[i], ", cols) + "[i]");
      // the parameters have the components' names, which may be any name (columns, chunk, Objects): the
      // body names nothing else, and the checks are made where no component names a variable
      m.addStatement("return executeColumns(new Object[] {$L})", String.join(", ", cols));
      t.addMethod(m.build());
      // the same over rows [fromIndex, toIndex), where its two ints still fit in a method's parameters
      if (cols.size() + 3 <= PipelineWriter.MAX_PARAMETER_SLOTS) {
        String from = free("fromIndex", cols);
        String to = free("toIndex", cols);
        MethodSpec.Builder r = MethodSpec.methodBuilder("runColumns")
            .addJavadoc("Runs over rows {@code $L} to {@code $L - 1} of record columns, as {@code runColumns} does over\n"
                + "whole arrays; a failure names a row by its index in the arrays.\n\n"
                + "@throws IndexOutOfBoundsException if the range is not within the arrays\n", from, to)
            .addModifiers(Modifier.PUBLIC)
            .returns(resultName());
        for (ItemType.Component c : type.components()) {
          r.addParameter(ArrayTypeName.of(Names.type(ItemType.primitive(c.kind()))), c.name());
        }
        r.addParameter(int.class, from).addParameter(int.class, to)
            .addStatement("return executeColumns(new Object[] {$L}, $L, $L)", String.join(", ", cols), from, to);
        t.addMethod(r.build());
        t.addMethod(executeColumnRange());
      }
      t.addMethod(executeColumns());
      t.addMethod(columnsLength(cols));
    }
    if (type.kind() == ItemType.Kind.INT || type.kind() == ItemType.Kind.LONG) {
      t.addMethod(MethodSpec.methodBuilder("runRange")
          .addJavadoc("Runs over the values {@code from, from + 1, ..., to - 1}.\n")
          .addModifiers(Modifier.PUBLIC)
          .returns(resultName())
          .addParameter(item, "from")
          .addParameter(item, "to")
          .addStatement("return execute(chunk -> $T.range(from, to, chunk))", Names.INPUT_CURSOR)
          .build());
    }
    t.addMethod(MethodSpec.methodBuilder("runChunks")
        .addJavadoc("Runs over a stream of arrays, pulling one array at a time: inputs larger than memory.\n")
        .addModifiers(Modifier.PUBLIC)
        .returns(resultName())
        .addParameter(ParameterizedTypeName.get(ClassName.get(Iterator.class), ArrayTypeName.of(item)), "chunks")
        .addStatement("$T.requireNonNull(chunks, $S)", Objects.class, model.simpleName() + ": runChunks: chunks is null")
        .addStatement("return execute(chunk -> $T.stream(chunks, a -> a.length, chunk))", Names.INPUT_CURSOR)
        .build());
    ParameterizedTypeName outcome = ParameterizedTypeName.get(Names.OUTCOME, names.instance());
    MethodSpec.Builder m = MethodSpec.methodBuilder("execute")
        .addJavadoc("Runs on the resolved device: the OpenCL kernel on an OpenCL device, else the CPU back end.\n"
            + "An OpenCL device picked by {@code Device.best()} that cannot run this pipeline gives way to the\n"
            + "CPU back end (logged, and named in the report); one asked for by name is an error.\n")
        .addModifiers(Modifier.PRIVATE)
        .returns(resultName())
        .addParameter(ParameterizedTypeName.get(ClassName.get(java.util.function.IntFunction.class), Names.INPUT_CURSOR), "input")
        .addStatement("$T run = options.resolved()", Names.RUN_OPTIONS)
        .beginControlFlow("if (run.device().kind() == $T.Kind.OPENCL)", Names.DEVICE);
    if (kernel.hasKernel()) {
      m.beginControlFlow("try")
          .addComment("the kernel class is written a round after this one, from the node bodies: the driver finds it by")
          .addComment("name, and a compiled one serves every object of this class, one run at a time (LiveKernels)")
          .addStatement("return ($T) $T.run(PLAN, run, input.apply($T.sliceItems(run)), $T.lookup(), this)", resultName(),
              Names.OPENCL_DRIVER, Names.OPENCL_DRIVER, java.lang.invoke.MethodHandles.class)
          .nextControlFlow("catch ($T e)", Names.KERNEL_EXCEPTION)
          .addStatement("run = $T.switchToCpu(PLAN, run, e.getMessage(), e)", Names.OPENCL_DRIVER)
          .endControlFlow();
    } else {
      m.addStatement("run = $T.switchToCpu(PLAN, run, NO_KERNEL, null)", Names.OPENCL_DRIVER);
    }
    m.endControlFlow()
        .beginControlFlow("if (run.device().scheduled())")
        .addStatement("$T outcome = $T.run(PLAN, run, input.apply(run.claimSize()), (c, control) -> new $T(this, c, control))",
            outcome, Names.CPU_DRIVER, names.instance())
        .addStatement("return new $T(outcome)", resultName())
        .endControlFlow()
        .addStatement("$T outcome = $T.run(PLAN, run, input.apply(run.claimSize()), sinkStarts, (c, control) -> new $T(this, c, control))",
            ParameterizedTypeName.get(CpuDirectWriter.DIRECT_OUTCOME, CpuDirectWriter.className(names)),
            CpuDirectWriter.DIRECT_DRIVER, CpuDirectWriter.className(names))
        .addStatement("return new $T(outcome)", resultName());
    t.addMethod(m.build());
  }

  private TypeSpec result() {
    TypeSpec.Builder r = TypeSpec.classBuilder(resultName())
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("What one run produced: each sink's items (in no defined order), each reduction, the report.\n");
    r.addMethod(cpuResult(Names.OUTCOME, names.instance()));
    r.addMethod(cpuResult(CpuDirectWriter.DIRECT_OUTCOME, CpuDirectWriter.className(names)));
    for (StageModel s : model.sinks()) {
      TypeName result = Names.sinkResult(s.itemType());
      r.addField(result, s.name(), Modifier.PRIVATE, Modifier.FINAL);
      r.addMethod(MethodSpec.methodBuilder(s.name())
          .addJavadoc(s.itemType().isRecord()
              ? "The items of sink {@code $L}, unmodifiable.\n"
              : "The items of sink {@code $L}: the result's own array, the same at every call (copy it to change it).\n",
              s.name())
          .addModifiers(Modifier.PUBLIC)
          .returns(result)
          .addStatement("return $N", s.name())
          .build());
    }
    for (StageModel s : model.nodes()) {
      for (FieldModel f : s.node().fields(FieldModel.Kind.REDUCE)) {
        String name = s.name() + Names.capitalize(f.name());
        TypeName type = TypeName.get(f.element().asType());
        r.addField(type, name, Modifier.PRIVATE, Modifier.FINAL);
        r.addMethod(MethodSpec.methodBuilder(name)
            .addJavadoc("{@code $L.$L} ($L) combined over all lanes and instances.\n", s.name(), f.name(), f.op())
            .addModifiers(Modifier.PUBLIC)
            .returns(type)
            .addStatement("return $N", name)
            .build());
      }
    }
    r.addField(Names.RUN_REPORT, "report", Modifier.PRIVATE, Modifier.FINAL);
    if (kernel.hasKernel()) {
      r.addMethod(kernelResult());
    }
    r.addMethod(MethodSpec.methodBuilder("report")
        .addJavadoc("Per-stage counters, vector fill, the device and the time of the run.\n")
        .addModifiers(Modifier.PUBLIC)
        .returns(Names.RUN_REPORT)
        .addStatement("return report")
        .build());
    r.addMethod(resultToString());
    return r.build();
  }

  /** What a log line shows of a result: each sink's size and each reduction's value, not the items. */
  private MethodSpec resultToString() {
    List<String> exprs = new ArrayList<>();
    List<String> texts = new ArrayList<>(List.of(names.api().simpleName() + ".Result["));
    for (StageModel s : model.sinks()) {
      exprs.add(s.name() + (s.itemType().isRecord() ? ".size()" : ".length"));
      texts.set(texts.size() - 1, texts.get(texts.size() - 1) + (exprs.size() == 1 ? "" : ", ") + s.name() + ": ");
      texts.add(" items");
    }
    for (StageModel s : model.nodes()) {
      for (FieldModel f : s.node().fields(FieldModel.Kind.REDUCE)) {
        String name = s.name() + Names.capitalize(f.name());
        exprs.add(name);
        texts.set(texts.size() - 1, texts.get(texts.size() - 1) + (exprs.size() == 1 ? "" : ", ") + name + "=");
        texts.add("");
      }
    }
    // texts[i] comes before exprs[i]; the last text closes the bracket
    CodeBlock.Builder value = CodeBlock.builder().add("$S", texts.get(0));
    for (int i = 0; i < exprs.size(); i++) {
      value.add(" + $L", exprs.get(i));
      String after = texts.get(i + 1) + (i == exprs.size() - 1 ? "]" : "");
      if (!after.isEmpty()) {
        value.add(" + $S", after);
      }
    }
    if (exprs.isEmpty()) {
      value = CodeBlock.builder().add("$S", texts.get(0) + "]");
    }
    return MethodSpec.methodBuilder("toString")
        .addJavadoc("Each sink's number of items and each reduction's value, for a log line.\n")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(String.class)
        .addStatement("return $L", value.build())
        .build();
  }

  /**
   * The Result of a run on the CPU back end, from the instances of one executor (the scheduled
   * {@code _CpuInstance} or the direct {@code _CpuDirect}, which name their sinks and nodes alike).
   */
  private MethodSpec cpuResult(ClassName outcomeType, ClassName instance) {
    ParameterizedTypeName outcome = ParameterizedTypeName.get(outcomeType, instance);
    MethodSpec.Builder ctor = MethodSpec.constructorBuilder().addParameter(outcome, "outcome");
    for (StageModel s : model.sinks()) {
      TypeName result = Names.sinkResult(s.itemType());
      // counted in a long: several instances' sinks may hold more than one array can
      ctor.addStatement("long $N_count = 0", s.name())
          .beginControlFlow("for ($T i : outcome.instances())", instance)
          .addStatement("$N_count += i.$N.count()", s.name(), Names.sink(s.name()))
          .endControlFlow()
          .addStatement("int $N_n = $T.check($S, $N_count)", s.name(), SINK_LIMIT, s.name(), s.name());
      if (s.itemType().isRecord()) {
        ctor.addStatement("$T $N_all = new $T<>($N_n)", result, s.name(), ArrayList.class, s.name())
            .beginControlFlow("for ($T i : outcome.instances())", instance)
            .addStatement("i.$N.addTo($N_all)", Names.sink(s.name()), s.name())
            .endControlFlow()
            .addStatement("this.$N = $T.unmodifiableList($N_all)", s.name(), java.util.Collections.class, s.name());
      } else {
        // the first instance's sink buffer becomes the result's array (handed over when it is exactly
        // that, else copied once, with room for the rest); the others' are copied in behind it
        ctor.addStatement("int $N_at = outcome.instances().get(0).$N.count()", s.name(), Names.sink(s.name()))
            .addStatement("this.$N = outcome.instances().get(0).$N.takeArray($N_n)", s.name(), Names.sink(s.name()), s.name())
            .beginControlFlow("for (int k = 1; k < outcome.instances().size(); k++)")
            .addStatement("$N_at += outcome.instances().get(k).$N.copyTo(this.$N, $N_at)", s.name(), Names.sink(s.name()), s.name(), s.name())
            .endControlFlow();
      }
    }
    for (StageModel s : model.nodes()) {
      for (FieldModel f : s.node().fields(FieldModel.Kind.REDUCE)) {
        String name = s.name() + Names.capitalize(f.name());
        TypeName type = TypeName.get(f.element().asType());
        ctor.addStatement("$T $N_acc = $L", type, name, Reductions.identity(f))
            .beginControlFlow("for ($T i : outcome.instances())", instance)
            .addStatement("$N_acc = $L", name, Reductions.combine(f, name + "_acc", "i." + Names.node(s.name()) + "." + f.name()))
            .endControlFlow()
            .addStatement("this.$N = $N_acc", name, name);
      }
    }
    ctor.addStatement("this.report = outcome.report()");
    return ctor.build();
  }

  /** The Result of an OpenCL run: the sinks and reductions the kernel gathered (its {@code result}). */
  private MethodSpec kernelResult() {
    MethodSpec.Builder k = MethodSpec.constructorBuilder();
    for (StageModel s : model.sinks()) {
      k.addParameter(Names.sinkResult(s.itemType()), s.name()).addStatement("this.$N = $N", s.name(), s.name());
    }
    for (StageModel s : model.nodes()) {
      for (FieldModel f : s.node().fields(FieldModel.Kind.REDUCE)) {
        String name = s.name() + Names.capitalize(f.name());
        k.addParameter(TypeName.get(f.element().asType()), name).addStatement("this.$N = $N", name, name);
      }
    }
    return k.addParameter(Names.RUN_REPORT, "report").addStatement("this.report = report").build();
  }

  private TypeSpec builder() {
    ClassName b = builderName();
    TypeSpec.Builder t = TypeSpec.classBuilder(b)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
        .addJavadoc("Node factories (called once per pipeline instance, since {@code @State} is per instance)\n"
            + "and run options.\n");
    // explicit, so that javac's missing-explicit-ctor lint has nothing to say in a module exporting the
    // package; private, so that builder() is the one way in
    t.addMethod(MethodSpec.constructorBuilder()
        .addJavadoc("Made by {@link $T#builder()}.\n", names.api())
        .addModifiers(Modifier.PRIVATE)
        .build());
    for (StageModel s : model.nodes()) {
      FieldSpec.Builder f = FieldSpec.builder(factoryType(s), Names.factory(s.name()), Modifier.PRIVATE);
      if (s.node().hasNoArgConstructor()) {
        f.initializer("$T::new", Names.user(s.node().element()));
      }
      t.addField(f.build());
      t.addMethod(MethodSpec.methodBuilder(s.name())
          .addJavadoc("How to make node {@code $L} ({@link $T}), once per pipeline instance.\n", s.name(),
              s.node().element())
          .addModifiers(Modifier.PUBLIC)
          .returns(b)
          .addParameter(factoryType(s), "factory")
          .addStatement("this.$N = $T.requireNonNull(factory, $S)", Names.factory(s.name()), Objects.class, s.name())
          .addStatement("return this")
          .build());
    }
    t.addField(Names.DEVICE, "device", Modifier.PRIVATE);
    t.addField(FieldSpec.builder(TypeName.INT, "instances", Modifier.PRIVATE).build());
    t.addField(FieldSpec.builder(TypeName.INT, "chunkSize", Modifier.PRIVATE)
        .initializer("$T.AUTOMATIC_CHUNK", Names.RUN_OPTIONS).build());
    t.addField(FieldSpec.builder(TypeName.LONG, "maxSteps", Modifier.PRIVATE)
        .initializer("Long.MAX_VALUE").build());
    // null is refused, as a factory is: a variable left null would run on whatever device is best here
    t.addMethod(MethodSpec.methodBuilder("device")
        .addJavadoc("The device to run on; by default {@code Device.best()}.\n")
        .addModifiers(Modifier.PUBLIC)
        .returns(b)
        .addParameter(Names.DEVICE, "device")
        .addStatement("this.device = $T.requireNonNull(device, $S)", Objects.class,
            "device (the default is Device.best())")
        .addStatement("return this")
        .build());
    setter(t, b, "instances", TypeName.INT, "Pipeline instances side by side; 0 (the default): one per core on the CPU, the device's\n"
        + "own count of work-groups on OpenCL.");
    setter(t, b, "chunkSize", TypeName.INT, "Input items an instance claims at a time; 0 (the default): automatic, see\n"
        + "{@link dev.sluice.runtime.RunOptions#AUTOMATIC_CHUNK}. Set it when results depend on chunk boundaries\n"
        + "(user-signal windows).");
    setter(t, b, "maxSteps", TypeName.LONG, "Most firings per instance before the run fails as hung, on the executors that\n"
        + "fire stages ({@code Device.cpuScheduled()} and OpenCL); direct calls ({@code Device.cpu()}) have none.");
    t.addField(Names.PROGRESS_LISTENER, "progress", Modifier.PRIVATE);
    setter(t, b, "progress", Names.PROGRESS_LISTENER, "Told the run's progress (input items done of the total) at a bounded "
        + "rate; null (the default): nobody.\nSee {@link dev.sluice.runtime.ProgressListener}.");
    MethodSpec.Builder build = MethodSpec.methodBuilder("build")
        .addJavadoc("The pipeline, with these factories and options; this builder may go on to build others.\n\n"
            + "@throws IllegalStateException for a node that has no factory and no constructor to call\n"
            + "@throws IllegalArgumentException for an option out of range\n")
        .addModifiers(Modifier.PUBLIC)
        .returns(names.api());
    for (StageModel s : model.nodes()) {
      if (!s.node().hasNoArgConstructor()) {
        String node = s.node().element().getSimpleName().toString();
        boolean samePackage = Packages.nameOf(s.node().element()).equals(model.packageName());
        String why = samePackage
            ? "has no no-argument constructor the pipeline can call (one that is not private): give the builder a"
                + " factory, ." + s.name() + "(() -> new " + node + "(...)), through a constructor or static factory"
                + " method you can call"
            : "has no public no-argument constructor, which the pipeline in package '" + model.packageName()
                + "' needs to make it: add one, or give the builder a factory, ." + s.name() + "(() -> ...)";
        build.beginControlFlow("if ($N == null)", Names.factory(s.name()))
            .addStatement("throw new $T($S)", IllegalStateException.class, "node '" + s.name() + "' (" + node + ") " + why)
            .endControlFlow();
      }
    }
    // the constructor's RunOptions checks the settings
    build.addStatement("return new $T(this)", names.api());
    t.addMethod(build.build());
    return t.build();
  }

  private static void setter(TypeSpec.Builder t, ClassName b, String name, TypeName type, String doc) {
    t.addMethod(MethodSpec.methodBuilder(name)
        .addJavadoc(doc + "\n")
        .addModifiers(Modifier.PUBLIC)
        .returns(b)
        .addParameter(type, name)
        .addStatement("this.$N = $N", name, name)
        .addStatement("return this")
        .build());
  }
}
