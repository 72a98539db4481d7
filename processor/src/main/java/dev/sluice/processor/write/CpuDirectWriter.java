package dev.sluice.processor.write;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import dev.sluice.Signal;
import dev.sluice.processor.compute.DispatchEntry;
import dev.sluice.processor.compute.Origination;
import dev.sluice.processor.compute.RegionPlan;
import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.compute.SignalKey;
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
import dev.sluice.runtime.protocol.Protocol;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;

/**
 * Writes {@code <Pipeline>_CpuDirect}: one pipeline instance for the CPU back end's direct executor.
 * Every output channel is a small class that counts its pushes; a node's code runs one item and then
 * hands what it pushed to each consumer at once, in order. A node whose producers all hand it items
 * from loops written here (the source's, an enumerator's elements, another node's pushes held for
 * one call) has its code written into each of those loops; the others have a {@code take_s} method. An
 * enumerator delivers BEGIN, its elements and END to its region one after the other; each signal a
 * node can receive has a {@code signal_s_K} method that calls the node's handler, if any, then passes
 * the signal along the edges the dispatch table forwards it on. So the schedule is written into the
 * code, depth first, with no queue between nodes, and a chain of nodes is one loop for the JIT: it
 * compiles the loop with the node bodies in it, and can keep what a node computes the same way for
 * every call out of the loop. Why that is a schedule of the protocol is in docs/architecture.md.
 */
final class CpuDirectWriter {
  private static final String DIRECT = Names.RUNTIME + ".cpu.direct";
  static final ClassName DIRECT_INSTANCE = ClassName.get(DIRECT, "DirectInstance");
  static final ClassName DIRECT_DRIVER = ClassName.get(DIRECT, "DirectDriver");
  static final ClassName DIRECT_OUTCOME = DIRECT_DRIVER.nestedClass("Outcome");
  static final ClassName SINK_STARTS = ClassName.get(DIRECT, "SinkStarts");
  private static final ClassName CHANNEL = ClassName.get(DIRECT, "DirectChannel");

  /**
   * A channel of a node that raises no signals, with {@code @Max} at most this, keeps one call's pushes
   * in fields of an object made for that call ({@code Held_s_c}): once the node's method is inlined,
   * the JIT keeps those fields in registers (escape analysis), so a push costs what a local does.
   */
  private static final int SLOTS_AT_MOST = 8;
  /**
   * A record held by its components ({@link #byComponents}) in a {@code Held_s_c}: at most this many
   * values, slots times components, so that its {@code push} stays under the bytecode size up to
   * which C2 inlines a hot call (325, {@code FreqInlineSize}), without which the record escapes into
   * it: 104 bytes for 8 components at {@code @Max(1)}, 242 for 2 at {@code @Max(8)}. More are held
   * as the object.
   */
  private static final int SLOT_VALUES_AT_MOST = 16;
  /** A channel whose {@code @Max} is at most this holds its pushes in an array of that size; a larger one grows its array. */
  private static final int HELD_AT_MOST = 4096;
  private static final int GROWN_FROM = 64;
  /**
   * A method holds the code of at most this many stages: its own and those written into its loops. A
   * longer chain goes on in a {@code take_s} method, so no method grows past what the JIT compiles
   * (it leaves methods of more than 8,000 bytecodes to the interpreter).
   */
  private static final int INLINED_AT_MOST = 8;
  /**
   * A stage's code is written at most this many times: a fan-in stage's code once per copy of each
   * producer's, and a stage written into it as many times as it is, so that diamonds one after
   * another do not double the code each time; past this a stage has a {@code take_s} method.
   */
  private static final int COPIES_AT_MOST = 4;

  private final PipelineModel model;
  private final Schedule schedule;
  private final Names names;
  private final Set<TypeElement> stamped;
  /** The record channels whose pushes are held as their components ({@link #byComponents}). */
  private final java.util.function.BiPredicate<StageModel, String> heldByComponents;
  /** The stages whose code is written where their producers hand them items (no {@code take_s}). */
  private final Set<String> inlined = new HashSet<>();
  /** For each stage, how many stages' code the method that holds its code holds up to it. */
  private final Map<String, Integer> depth = new HashMap<>();
  /** For each stage written where its producers hand it items, how many times its code is written. */
  private final Map<String, Integer> copies = new HashMap<>();
  /**
   * While a loop of {@code produce} or of an enumerator is being written: the channels whose held
   * pushes are counted inside it, each with the local that counts them (see {@link #countedLoop}).
   */
  private LoopCounts loopCounts;

  /** The counts of one loop being written ({@link #countedLoop}). */
  private static final class LoopCounts {
    /** Each counted channel's local, in the order the loop first counts them. */
    final Map<String, String> locals = new java.util.LinkedHashMap<>();
    /** The most pushes one call of the loop's method can add to each channel's local. */
    final Map<String, Long> most = new HashMap<>();
    /** How many times, at most, the code being written runs in one call of the loop's method. */
    long reach;

    LoopCounts(long trips) {
      reach = trips;
    }
  }

  /**
   * A count bound held no higher than one past {@code Integer.MAX_VALUE}: it is only compared with
   * that, and so capped, a product of it and an {@code int}, or a sum of two, cannot overflow.
   */
  private static long capped(long bound) {
    return Math.min(bound, Integer.MAX_VALUE + 1L);
  }

  /**
   * {@code stamped}: the nodes this compilation stamped ({@link CpuBlocks#nodes}); {@code byComponents}:
   * the record channels (stage, channel) to hold by their components ({@link #byComponents}).
   */
  CpuDirectWriter(PipelineModel model, Schedule schedule, Names names, Set<TypeElement> stamped,
      java.util.function.BiPredicate<StageModel, String> byComponents) {
    this.model = model;
    this.schedule = schedule;
    this.names = names;
    this.stamped = stamped;
    this.heldByComponents = byComponents;
    for (StageModel s : model.nodes()) {
      depth(s);
    }
  }

  /** 0 for the source, whose items {@code produce} hands on; 1 for a stage with its own method. */
  private int depth(StageModel s) {
    Integer known = depth.get(s.name());
    if (known != null) {
      return known;
    }
    int d = s.isSource() ? 0 : 1;
    if (inlinable(s)) {
      // written where each producer hands it items: as deep as the deepest of them, and once per
      // copy of each producer's code
      int after = 0;
      int written = 0;
      for (EdgeModel e : model.inEdges(s.name())) {
        StageModel from = model.stage(e.from());
        after = Math.max(after, depth(from) + 1);
        written += copies.getOrDefault(from.name(), 1);
      }
      if (after <= INLINED_AT_MOST && written <= COPIES_AT_MOST) {
        inlined.add(s.name());
        copies.put(s.name(), written);
        d = after;
      }
    }
    depth.put(s.name(), d);
    return d;
  }

  /**
   * Whether a transform's items all come from loops written here: each of its in-edges is the
   * source's channel, an enumerator's elements, or a channel whose pushes are held per call and pushed
   * only by the producer's method (a handler's pushes are handed on from the signal's method). A
   * fan-in stage's code is then written at each of its producers, as a broadcast's consumers are
   * written one after the other: with a method of its own instead, its pushes were counted in a field
   * at every call and the same work ran about a fifth slower (docs/benchmarks.md).
   */
  private boolean inlinable(StageModel s) {
    if (!s.isNode() || s.isEnumerator() || model.inEdges(s.name()).isEmpty()) {
      return false;
    }
    for (EdgeModel e : model.inEdges(s.name())) {
      StageModel from = model.stage(e.from());
      if (!(from.isSource() || from.isEnumerator()
          || slotted(from, e.channel()) && !from.node().channel(e.channel()).orElseThrow().pushedFromHandlers())) {
        return false;
      }
    }
    return true;
  }

  static ClassName className(Names names) {
    ClassName instance = names.instance();
    return ClassName.get(instance.packageName(), instance.simpleName().replace("_CpuInstance", "_CpuDirect"));
  }

  TypeSpec write() {
    TypeSpec.Builder t = TypeSpec.classBuilder(className(names))
        .addModifiers(Modifier.FINAL)
        .superclass(DIRECT_INSTANCE)
        .addJavadoc("One instance of {@link $T} on the CPU, run by direct calls: each push calls its consumers,\n"
            + "each signal is delivered downstream as it is sent (a depth-first schedule of the protocol).\n",
            names.api());
    for (StageModel s : model.sinks()) {
      t.addField(FieldSpec.builder(Names.queue(s.itemType()), Names.sink(s.name()), Modifier.FINAL)
          .initializer("$L($T.SINK_FIRST, true)", newOf(Names.queue(s.itemType())), Names.DATA_QUEUE)
          .build());
    }
    for (StageModel s : model.nodes()) {
      t.addField(Names.user(s.node().element()), Names.node(s.name()), Modifier.FINAL);
    }
    for (RegionPlan r : schedule.regions()) {
      if (r.number() > 0) {
        t.addField(FieldSpec.builder(Names.type(r.parentType()), parent(r.number()), Modifier.PRIVATE)
            .addJavadoc("The parent of region $L (head $L) now being enumerated.\n", r.number(), r.head())
            .build());
      }
    }
    for (StageModel s : model.nodes()) {
      if (!entries(s).isEmpty()) {
        t.addField(FieldSpec.builder(TypeName.LONG, signalsCounter(s.name()), Modifier.PRIVATE)
            .addJavadoc("Signals that reached $L.\n", s.name()).build());
      }
    }
    for (StageModel s : names.stagesInPlanOrder()) {
      for (String c : s.channelNames()) {
        ClassName type = channelClass(s.name(), c);
        t.addField(FieldSpec.builder(type, Names.channel(s.name(), c), Modifier.PRIVATE, Modifier.FINAL)
            .initializer("channel($L, new $T())", names.index(s.name()), type)
            .build());
        t.addType(channel(s, c));
        if (slotted(s, c)) {
          t.addType(heldClass(s, c));
        }
      }
      if (s.isNode() && !s.node().raisedTags().isEmpty()) {
        t.addField(FieldSpec.builder(TypeName.INT, Names.raised(s.name()), Modifier.PRIVATE)
            .addJavadoc("Signals raised by the item in $N's run, of every tag: the protocol bounds them per item.\n", s.name())
            .build());
        for (ItemType tag : s.node().raisedTags()) {
          ClassName type = raiseClass(s.name(), tag);
          t.addField(FieldSpec.builder(type, Names.raise(s.name(), tag), Modifier.PRIVATE, Modifier.FINAL)
              .initializer("new $T()", type).build());
          t.addType(raise(s, tag));
        }
      }
    }
    t.addMethod(constructor());
    t.addMethod(produce());
    for (StageModel s : model.nodes()) {
      if (s.isEnumerator()) {
        t.addMethod(enumerate(s));
      } else if (!inlined.contains(s.name())) {
        t.addMethod(take(s));
      }
      for (DispatchEntry e : entries(s)) {
        t.addMethod(signal(s, e));
      }
    }
    List<RegionPlan> regions = schedule.regions().stream().filter(r -> r.number() > 0).toList();
    if (!regions.isEmpty()) {
      MethodSpec.Builder m = MethodSpec.methodBuilder("parent").addAnnotation(Override.class)
          .addModifiers(Modifier.PROTECTED).returns(Object.class).addParameter(int.class, "region")
          .beginControlFlow("switch (region)");
      for (RegionPlan r : regions) {
        m.addStatement("case $L: return $N", r.number(), parent(r.number()));
      }
      t.addMethod(m.addStatement("default: return null").endControlFlow().build());
    }
    t.addMethod(counter("itemsIn", model.nodes(), this::itemsIn));
    t.addMethod(counter("signals", model.nodes().stream().filter(s -> !entries(s).isEmpty()).toList(),
        s -> CodeBlock.of("$N", signalsCounter(s.name()))));
    return t.build();
  }

  private List<DispatchEntry> entries(StageModel s) {
    return schedule.stage(s.name()).dispatch().entries();
  }

  /** {@code new Type} or {@code new Type<>} for a generic one, ready for its argument list. */
  private static CodeBlock newOf(TypeName t) {
    return t instanceof ParameterizedTypeName p ? CodeBlock.of("new $T<>", p.rawType) : CodeBlock.of("new $T", t);
  }

  private static String parent(int region) {
    return "parent_" + region;
  }

  /** A node's items in: the pushes of the channels of its in-edges (each push reaches every consumer). */
  private CodeBlock itemsIn(StageModel s) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (EdgeModel e : model.inEdges(s.name())) {
      b.add(b.isEmpty() ? "$N.total()" : " + $N.total()", Names.channel(e.from(), e.channel()));
    }
    return b.build();
  }

  private static String signalsCounter(String stage) {
    return "signals_" + KernelNames.part(stage);
  }

  private static String take(String stage) {
    return "take_" + KernelNames.part(stage);
  }

  private ClassName channelClass(String stage, String channel) {
    return className(names).nestedClass("Out_" + KernelNames.part(stage) + "_" + KernelNames.part(channel));
  }

  private ClassName raiseClass(String stage, ItemType tag) {
    return className(names).nestedClass("Raise_" + KernelNames.part(stage) + "_" + KernelNames.part(tag.simpleName()));
  }

  private static String signalMethod(String stage, SignalKey key) {
    return "signal_" + KernelNames.part(stage) + "_" + switch (key.kind()) {
      case BEGIN -> "begin" + key.region();
      case END -> "end" + key.region();
      case USER -> KernelNames.part(key.tag().type().simpleName());
    };
  }

  private static TypeName outInterface(ItemType type) {
    return switch (type.kind()) {
      case INT -> ClassName.get("dev.sluice", "IntOut");
      case LONG -> ClassName.get("dev.sluice", "LongOut");
      case FLOAT -> ClassName.get("dev.sluice", "FloatOut");
      case DOUBLE -> ClassName.get("dev.sluice", "DoubleOut");
      case RECORD -> ParameterizedTypeName.get(ClassName.get("dev.sluice", "Out"), Names.type(type));
    };
  }

  /** The statements that hand {@code item} to every consumer of {@code stage}'s {@code channel}, in edge order. */
  private CodeBlock deliver(String stage, String channel, String item) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (EdgeModel e : model.outEdges(stage)) {
      if (e.channel().equals(channel)) {
        if (model.stage(e.to()).isSink()) {
          b.addStatement("$N.append($L)", Names.sink(e.to()), item);
        } else if (inlined.contains(e.to())) {
          b.add("// $L\n{\n", e.to()).indent().add(takeBody(model.stage(e.to()), item)).unindent().add("}\n");
        } else {
          b.addStatement("$N($L)", take(e.to()), item);
        }
      }
    }
    return b.build();
  }

  /** The statements that send signal {@code key} along {@code edges}. */
  private CodeBlock send(List<Integer> edges, SignalKey key, String payload) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (int e : edges) {
      b.addStatement("$N($L)", signalMethod(model.edges().get(e).to(), key), payload);
    }
    return b.build();
  }

  private TypeSpec channel(StageModel s, String c) {
    boolean elements = s.isEnumerator();
    ItemType type = s.channelType(c);
    int max = s.isSource() || elements ? Integer.MAX_VALUE : s.node().channel(c).orElseThrow().max();
    TypeSpec.Builder t = TypeSpec.classBuilder(channelClass(s.name(), c))
        .addModifiers(Modifier.PRIVATE, Modifier.FINAL)
        .superclass(CHANNEL)
        .addMethod(MethodSpec.constructorBuilder().addStatement("super($S)", c).build());
    if (elements) {
      return t.addJavadoc("The elements of $L's open parent, each handed to the region as it is made.\n", s.name())
          .addMethod(MethodSpec.methodBuilder("enumerate")
              .addParameter(TypeName.INT, "count")
              .addStatement("total += count")
              // count is at most the region's maxElements (checked before the call)
              .addCode(countedLoop(schedule.region(region(s)).maxElements(), () -> CodeBlock.builder()
                  .beginControlFlow("for (int i = 0; i < count; i++)")
                  .add(deliver(s.name(), c, "i"))
                  .endControlFlow()
                  .build()))
              .build())
          .build();
    }
    if (s.isSource()) {
      // produce() counts the items and hands each on in its own loop
      return t.build();
    }
    MethodSpec.Builder push = MethodSpec.methodBuilder("push")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .addParameter(Names.type(type), "item");
    if (type.isRecord()) {
      push.beginControlFlow("if (item == null)")
          .addStatement("throw new $T($T.pushedNull(name()))", NullPointerException.class, Failures.class)
          .endControlFlow();
    }
    // a node's pushes are held until its method returns, then handed on in order (pass): so each
    // node's method is its own call chain, and a node class used at several stages is never inlined
    // into itself (the JIT gives up on such recursive inlining after one level)
    if (slotted(s, c)) {
      return t.addJavadoc("Counts $L's pushes on '$L'; one call's pushes are in a {@link $T}, handed on where the call was.\n",
              s.name(), c, heldClassName(s.name(), c))
          .build();
    }
    boolean fixed = max <= HELD_AT_MOST;
    TypeName element = type.isRecord() ? TypeName.OBJECT : Names.type(type);
    t.addField(FieldSpec.builder(com.squareup.javapoet.ArrayTypeName.of(element), "held", Modifier.PRIVATE)
        .addModifiers(fixed ? new Modifier[] {Modifier.FINAL} : new Modifier[0])
        .addJavadoc("The current item's pushes, not yet handed on.\n")
        .initializer("new $T[$L]", element, fixed ? max : GROWN_FROM)
        .build());
    t.addField(TypeName.INT, "count", Modifier.PRIVATE);
    push.beginControlFlow("if (++total - mark > $L)", max)
        .addStatement("throw overMax($L)", max)
        .endControlFlow();
    if (!fixed) {
      push.beginControlFlow("if (count == held.length)")
          .addStatement("held = $T.copyOf(held, 2 * count)", java.util.Arrays.class)
          .endControlFlow();
    }
    push.addStatement("held[count++] = item");
    String item = type.isRecord() ? "(" + Names.type(type) + ") held[i]" : "held[i]";
    MethodSpec.Builder pass = MethodSpec.methodBuilder("pass")
        .addJavadoc("Hands the held pushes on to the consumers, in order.\n")
        .addStatement("int n = count")
        .addStatement("count = 0")
        .beginControlFlow("for (int i = 0; i < n; i++)")
        .addCode(deliver(s.name(), c, item))
        .endControlFlow();
    return t.addSuperinterface(outInterface(type)).addMethod(push.build()).addMethod(pass.build()).build();
  }

  /**
   * Whether the pushes of {@code s} on {@code channel} are held as their component values, and the
   * record built again for the consumers: a record held as an object in a field or an array, or
   * merged with another value where a call may push it or not, is one JDK 17's JIT does not take apart
   * (escape analysis), so each would be allocated, at every stage of a chain; its components are
   * values it keeps in registers, and the record built from them and handed straight to an inlined
   * consumer is not allocated. So where the record can be built again to an equal one
   * ({@link dev.sluice.processor.kernel.RecordMethods#buildableFromComponents}) and the node makes
   * every record it pushes there in the push ({@link dev.sluice.processor.read.FreshPushes}); a
   * record the node was given is already an object, and is passed on as it is. And where the push
   * that stores the components stays small enough to inline ({@link #SLOT_VALUES_AT_MOST}). A
   * consumer gets an equal record, not necessarily the same object, as on OpenCL, where records are
   * values.
   */
  private boolean byComponents(StageModel s, String channel) {
    ItemType type = s.channelType(channel);
    if (!type.isRecord()) {
      return false;
    }
    // a Held_s_c only, whose consumers are written into the loop: a channel that holds its pushes
    // in an array hands them to take_t methods, and where the JIT does not inline the consumer the
    // record built again is allocated after all (BLAST's lookup into extend, whose run is too large
    // to inline, measured 4% slower with its seeds held in two int arrays)
    return slotted(s, channel) && intoSink(s, channel) == null
        && s.node().channel(channel).orElseThrow().max() * type.components().size() <= SLOT_VALUES_AT_MOST
        && heldByComponents.test(s, channel);
  }

  /** {@code new R(a, b, ...)} with each component {@code R}'s {@code component(name)}. */
  private static CodeBlock build(ItemType type, java.util.function.Function<String, String> component) {
    CodeBlock.Builder b = CodeBlock.builder().add("new $T(", Names.type(type));
    for (int i = 0; i < type.components().size(); i++) {
      b.add(i == 0 ? "$L" : ", $L", component.apply(type.components().get(i).name()));
    }
    return b.add(")").build();
  }

  private static TypeName componentType(ItemType.Component c) {
    return Names.type(ItemType.primitive(c.kind()));
  }

  /** Hands on what one call of {@code s}'s method pushed on {@code channel}. */
  private CodeBlock pass(StageModel s, String channel) {
    return slotted(s, channel)
        ? passHeld(s, channel)
        : CodeBlock.of("$N.pass();\n", Names.channel(s.name(), channel));
  }

  /** Counts one call's pushes held on a slotted channel and hands each on to the consumers, in order. */
  private CodeBlock passHeld(StageModel s, String c) {
    String held = heldLocal(s.name(), c);
    String n = "n_" + KernelNames.part(s.name()) + "_" + KernelNames.part(c);
    String k = "k_" + KernelNames.part(s.name()) + "_" + KernelNames.part(c);
    String x = "x_" + KernelNames.part(s.name()) + "_" + KernelNames.part(c);
    CodeBlock.Builder b = CodeBlock.builder()
        .addStatement("int $N = $N.count", n, held)
        .add("// the call has returned: a later push through this channel is an error, not lost\n")
        .addStatement("$N.count = -1", held)
        .add(counted(Names.channel(s.name(), c), n, s.node().channel(c).orElseThrow().max()));
    String sink = intoSink(s, c);
    if (sink != null) {
      return b.add("// the pushes are in the sink's array already\n")
          .addStatement("$N.appended($N)", Names.sink(sink), n)
          .build();
    }
    int max = s.node().channel(c).orElseThrow().max();
    if (max == 1) {
      // a loop of at most one trip is still a loop to the JIT, and a chain of such stages a nest of
      // them, which C2 compiled up to 3.7x slower than the same chain written with ifs
      b.beginControlFlow("if ($N != 0)", n)
          .addStatement("$T $N = $N.get(0)", Names.type(s.channelType(c)), x, held);
    } else {
      b.beginControlFlow("for (int $N = 0; $N < $N; $N++)", k, k, n, k)
          .addStatement("$T $N = $N.get($N)", Names.type(s.channelType(c)), x, held, k);
    }
    // the consumers' code runs once per push: @Max times per call of this node, at most
    long outer = loopCounts == null ? 0 : loopCounts.reach;
    if (loopCounts != null) {
      loopCounts.reach = capped(outer * max);
    }
    b.add(deliver(s.name(), c, x));
    if (loopCounts != null) {
      loopCounts.reach = outer;
    }
    return b.endControlFlow().build();
  }

  /**
   * Adds one call's {@code n} pushes (at most {@code max}) to {@code channel}'s count: to the loop's
   * local, inside a counted loop.
   */
  private CodeBlock counted(String channel, String n, int max) {
    if (loopCounts == null) {
      return CodeBlock.of("$N.counted($N);\n", channel, n);
    }
    String local = loopCounts.locals.computeIfAbsent(channel, f -> "pushed_" + f.substring("out_".length()));
    loopCounts.most.merge(channel, capped(loopCounts.reach * max), (a, b) -> capped(a + b));
    return CodeBlock.of("$N += $N;\n", local, n);
  }

  /**
   * A loop, written by {@code loop}, whose held pushes are counted in locals and added to their
   * channels once it ends, however it ends: a channel's count is a field, which the JIT loads and
   * stores at every call of a loop of calls, where a local stays in a register. The counts are read
   * only once the run is over. A local is an {@code int} where one call cannot count more than
   * {@link Integer#MAX_VALUE} in it ({@code trips}, the most times the loop runs per call, times each
   * {@code @Max} on the way to the channel), which C2 keeps in a register more readily than a
   * {@code long} (docs/benchmarks.md); else a {@code long}.
   */
  private CodeBlock countedLoop(long trips, java.util.function.Supplier<CodeBlock> loop) {
    loopCounts = new LoopCounts(trips);
    CodeBlock body;
    LoopCounts counts;
    try {
      body = loop.get();
    } finally {
      counts = loopCounts;
      loopCounts = null;
    }
    if (counts.locals.isEmpty()) {
      return body;
    }
    CodeBlock.Builder b = CodeBlock.builder()
        .add("// pushes counted in locals (registers), added to their channels when the loop ends\n");
    counts.locals.forEach((channel, local) ->
        b.addStatement("$T $N = 0", counts.most.get(channel) <= Integer.MAX_VALUE ? TypeName.INT : TypeName.LONG, local));
    b.beginControlFlow("try").add(body).nextControlFlow("finally");
    counts.locals.forEach((channel, local) -> b.addStatement("$N.counted($N)", channel, local));
    return b.endControlFlow().build();
  }

  /** Whether {@code s}'s pushes on {@code channel} are kept in a per-call {@code Held_s_c} (see {@link #SLOTS_AT_MOST}). */
  private static boolean slotted(StageModel s, String channel) {
    return s.isNode() && !s.isEnumerator() && s.node().raisedTags().isEmpty()
        && s.node().channel(channel).orElseThrow().max() <= SLOTS_AT_MOST;
  }

  /**
   * The sink a slotted channel's pushes go straight into, or null: when the channel's one edge goes
   * to a sink that no other edge feeds, the call's {@code Held_s_c} writes each push into room made
   * in the sink's array before the call, and the sink counts them when it returns, as a hand-written
   * loop appends its outputs. (A second edge into the sink could write into the same room.)
   */
  private String intoSink(StageModel s, String channel) {
    List<EdgeModel> out = model.outEdges(s.name()).stream().filter(e -> e.channel().equals(channel)).toList();
    if (out.size() != 1) {
      return null;
    }
    String to = out.get(0).to();
    return model.stage(to).isSink() && model.inEdges(to).size() == 1 ? to : null;
  }

  /** The statement that makes the object for one call's pushes on a slotted channel. */
  private CodeBlock newHeld(StageModel s, String channel) {
    ClassName held = heldClassName(s.name(), channel);
    String sink = intoSink(s, channel);
    return sink == null
        ? CodeBlock.of("$T $N = new $T();\n", held, heldLocal(s.name(), channel), held)
        : CodeBlock.of("$T $N = new $T($N);\n", held, heldLocal(s.name(), channel), held, Names.sink(sink));
  }

  private ClassName heldClassName(String stage, String channel) {
    return className(names).nestedClass("Held_" + KernelNames.part(stage) + "_" + KernelNames.part(channel));
  }

  /** The local that holds one call's pushes on a slotted channel (stage and channel: unique in a method). */
  private static String heldLocal(String stage, String channel) {
    return "pushes_" + KernelNames.part(stage) + "_" + KernelNames.part(channel);
  }

  /**
   * The pushes of one call of {@code s}'s method on {@code channel}, in fields {@code h0, h1, ...}:
   * made for the call and gone after it, so the JIT can keep them in registers.
   */
  private TypeSpec heldClass(StageModel s, String c) {
    ItemType type = s.channelType(c);
    TypeName element = Names.type(type);
    int max = s.node().channel(c).orElseThrow().max();
    TypeSpec.Builder t = TypeSpec.classBuilder(heldClassName(s.name(), c))
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .addSuperinterface(outInterface(type))
        .addField(TypeName.INT, "count", Modifier.PRIVATE);
    MethodSpec.Builder push = MethodSpec.methodBuilder("push")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .addParameter(element, "item");
    if (type.isRecord()) {
      push.beginControlFlow("if (item == null)")
          .addStatement("throw new $T($T.pushedNull($S))", NullPointerException.class, Failures.class, c)
          .endControlFlow();
    }
    // passHeld sets count to -1: a push through a channel kept past its call is an error, not lost
    // (the exception is made in the runtime: a small push is inlined at every call site)
    CodeBlock refused = CodeBlock.of("throw $T.refused(count, $S, $L)", CHANNEL, c, max);
    String sink = intoSink(s, c);
    if (sink != null) {
      TypeName array = com.squareup.javapoet.ArrayTypeName.of(type.isRecord() ? TypeName.OBJECT : element);
      TypeName queue = Names.queue(model.stage(sink).itemType());
      t.addJavadoc("One call's pushes on $L's '$L' (at most $L), written straight into sink '$L': room for\n"
                  + "them is made before the call, and the sink counts them when it returns. Made for the call,\n"
                  + "so its fields live in registers.\n", s.name(), c, max, sink)
          .addField(FieldSpec.builder(array, "room", Modifier.PRIVATE, Modifier.FINAL).build())
          .addField(FieldSpec.builder(TypeName.INT, "at", Modifier.PRIVATE, Modifier.FINAL)
              .addJavadoc("Where this call's pushes begin in {@code room}.\n").build())
          .addMethod(MethodSpec.constructorBuilder()
              .addParameter(queue, "sink")
              .addStatement("room = sink.room($L)", max)
              .addStatement("at = sink.appendAt()")
              .build());
      push.beginControlFlow("if (count < 0 || count == $L)", max)
          .addStatement("$L", refused)
          .endControlFlow()
          .addStatement("room[at + count] = item")
          .addStatement("count++");
      return t.addMethod(push.build()).build();
    }
    t.addJavadoc("One call's pushes on $L's '$L' (at most $L): made for the call, so they live in registers.\n",
        s.name(), c, max);
    if (byComponents(s, c)) {
      return slottedComponents(t, type, push, refused, max);
    }
    for (int i = 0; i < max; i++) {
      t.addField(element, "h" + i, Modifier.PRIVATE);
    }
    if (max == 1) {
      push.beginControlFlow("if (count != 0)")
          .addStatement("$L", refused)
          .endControlFlow()
          .addStatement("h0 = item")
          .addStatement("count = 1");
    } else {
      push.beginControlFlow("switch (count)");
      for (int i = 0; i < max; i++) {
        push.addStatement("case $L: h$L = item; break", i, i);
      }
      push.addStatement("default: $L", refused)
          .endControlFlow()
          .addStatement("count++");
    }
    MethodSpec.Builder get = MethodSpec.methodBuilder("get")
        .addJavadoc("Push {@code k} of the call, {@code k} below {@code count}.\n")
        .returns(element)
        .addParameter(TypeName.INT, "k");
    if (max == 1) {
      get.addStatement("return h0");
    } else {
      get.beginControlFlow("switch (k)");
      for (int i = 0; i < max - 1; i++) {
        get.addStatement("case $L: return h$L", i, i);
      }
      get.addStatement("default: return h$L", max - 1).endControlFlow();
    }
    return t.addMethod(push.build()).addMethod(get.build()).build();
  }

  /**
   * The rest of a {@code Held_s_c} of a record held by its components ({@link #byComponents}): field
   * {@code h<slot>_<component>}, and {@code get} builds the record from one value per component, each
   * picked by slot, so that the record is one allocation the JIT can take apart, not one of several
   * merged.
   */
  private static TypeSpec slottedComponents(TypeSpec.Builder t, ItemType type, MethodSpec.Builder push, CodeBlock refused, int max) {
    for (int i = 0; i < max; i++) {
      for (ItemType.Component k : type.components()) {
        t.addField(componentType(k), "h" + i + "_" + k.name(), Modifier.PRIVATE);
      }
    }
    if (max == 1) {
      push.beginControlFlow("if (count != 0)").addStatement("$L", refused).endControlFlow();
      for (ItemType.Component k : type.components()) {
        push.addStatement("h0_$L = item.$L()", k.name(), k.name());
      }
      push.addStatement("count = 1");
    } else {
      CodeBlock.Builder cases = CodeBlock.builder().beginControlFlow("switch (count)");
      for (int i = 0; i < max; i++) {
        cases.add("case $L:\n", i).indent();
        for (ItemType.Component k : type.components()) {
          cases.addStatement("h$L_$L = item.$L()", i, k.name(), k.name());
        }
        cases.addStatement("break").unindent();
      }
      push.addCode(cases.addStatement("default: $L", refused).endControlFlow().build())
          .addStatement("count++");
    }
    MethodSpec.Builder get = MethodSpec.methodBuilder("get")
        .addJavadoc("Push {@code k} of the call, {@code k} below {@code count}, built again from its components.\n")
        .returns(Names.type(type))
        .addParameter(TypeName.INT, "k");
    t.addMethod(push.build());
    if (max == 1) {
      return t.addMethod(get.addStatement("return $L", build(type, name -> "h0_" + name)).build()).build();
    }
    t.addMethod(get.addStatement("return $L", build(type, name -> "c_" + name + "(k)")).build());
    for (ItemType.Component k : type.components()) {
      MethodSpec.Builder m = MethodSpec.methodBuilder("c_" + k.name())
          .addModifiers(Modifier.PRIVATE)
          .returns(componentType(k))
          .addParameter(TypeName.INT, "k")
          .beginControlFlow("switch (k)");
      for (int i = 0; i < max - 1; i++) {
        m.addStatement("case $L: return h$L_$L", i, i, k.name());
      }
      t.addMethod(m.addStatement("default: return h$L_$L", max - 1, k.name()).endControlFlow().build());
    }
    return t.build();
  }

  private TypeSpec raise(StageModel s, ItemType tag) {
    SignalKey key = SignalKey.user(model.userTag(tag).orElseThrow());
    Origination o = schedule.stage(s.name()).dispatch().originates().stream()
        .filter(x -> x.signal().equals(key)).findFirst().orElseThrow();
    return TypeSpec.classBuilder(raiseClass(s.name(), tag))
        .addModifiers(Modifier.PRIVATE, Modifier.FINAL)
        .addSuperinterface(ParameterizedTypeName.get(ClassName.get("dev.sluice", "Raise"), Names.type(tag)))
        .addMethod(MethodSpec.methodBuilder("raise")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .addParameter(Names.type(tag), "signal")
            .beginControlFlow("if (signal == null)")
            .addStatement("throw new $T($T.raisedNull())", NullPointerException.class, Failures.class)
            .endControlFlow()
            .beginControlFlow("if (++$N > MAX_RAISES)", Names.raised(s.name()))
            .addStatement("throw tooManyRaises()")
            .endControlFlow()
            .addComment("the item's pushes before it go on first: in order with data")
            .addCode(passRunChannels(s))
            .addCode(send(o.edges(), key, "signal"))
            .build())
        .build();
  }

  private CodeBlock passRunChannels(StageModel s) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (ChannelModel c : s.node().channels()) {
      if (c.pushedFromRun()) {
        b.addStatement("$N.pass()", Names.channel(s.name(), c.name()));
      }
    }
    return b.build();
  }

  private MethodSpec constructor() {
    MethodSpec.Builder m = CpuBlocks.constructor(names)
        .addStatement("super($T.PLAN, cursor, control)", names.api())
        .addCode(CpuBlocks.nodes(model, stamped));
    m.addStatement("sinks($L)", CpuBlocks.sinks(model));
    return m.build();
  }

  private MethodSpec produce() {
    StageModel src = model.source();
    ItemType type = src.itemType();
    String out = Names.channel(src.name(), src.name());
    MethodSpec.Builder m = CpuBlocks.produce(Modifier.PROTECTED);
    TypeName t = Names.type(type);
    String item = "item_" + KernelNames.part(src.name());
    if (type.isRecord()) {
      return m.addCode(recordItems(src, out, item)).build();
    }
    // one loop for both forms of input, so that the code of the nodes written into it is there once
    boolean range = type.kind() == ItemType.Kind.INT || type.kind() == ItemType.Kind.LONG;
    m.addStatement("$N.counted(count)", out)
        .addStatement("$T[] a = ($T[]) data", t, t);
    if (range) {
      m.addComment("no array: an index range, whose items are the values base + position");
    }
    // DirectInstance.run hands produce at most the width's items per call
    return m.addCode(countedLoop(model.settings().width(), () -> {
      CodeBlock.Builder loop = CodeBlock.builder().beginControlFlow("for (int i = 0; i < count; i++)");
      if (!range) {
        loop.addStatement("$T $N = a[from + i]", t, item);
      } else if (type.kind() == ItemType.Kind.INT) {
        loop.addStatement("$T $N = a == null ? (int) (base + from + i) : a[from + i]", t, item);
      } else {
        loop.addStatement("$T $N = a == null ? base + from + i : a[from + i]", t, item);
      }
      return loop.add(deliver(src.name(), src.name(), item)).endControlFlow().build();
    })).build();
  }

  /**
   * {@code produce} for a source of records: one loop, as for primitives, whose items come from an
   * array of records (a null one is an error) or are built from record columns ({@link CpuBlocks#record}).
   */
  private CodeBlock recordItems(StageModel src, String out, String item) {
    TypeName t = Names.type(src.itemType());
    return CodeBlock.builder()
        .addStatement("$N.counted(count)", out)
        .addStatement("$T[] a = data instanceof $T[] array ? array : null", t, t)
        .add("// or record columns: one primitive array per component\n")
        .addStatement("Object[] columns = a == null ? (Object[]) data : null")
        .add(CpuBlocks.columns(src.itemType(), "a != null"))
        .add(countedLoop(model.settings().width(), () -> CodeBlock.builder()
            .beginControlFlow("for (int i = 0; i < count; i++)")
            .addStatement("$T $N", t, item)
            .beginControlFlow("if (a != null)")
            .add("// not null: run() checked the claimed range (InputChunk.firstNull)\n")
            .addStatement("$N = a[from + i]", item)
            .nextControlFlow("else")
            .add(CpuBlocks.record(src.itemType(), item))
            .endControlFlow()
            .add(deliver(src.name(), src.name(), item))
            .endControlFlow()
            .build()))
        .build();
  }

  /** A transform with its own method: runs the node on one item; its pushes run the consumers before it goes on. */
  private MethodSpec take(StageModel s) {
    return MethodSpec.methodBuilder(take(s.name()))
        .addModifiers(Modifier.PRIVATE)
        .addParameter(Names.type(s.itemType()), "item")
        .addCode(takeBody(s, "item"))
        .build();
  }

  /** A transform's code for one item, {@code item} (a name); in its own method or where its producer hands it on. */
  private CodeBlock takeBody(StageModel s, String item) {
    NodeModel node = s.node();
    CodeBlock.Builder m = CodeBlock.builder();
    for (ChannelModel c : node.channels()) {
      if (c.pushedFromRun() && slotted(s, c.name())) {
        m.add(newHeld(s, c.name()));
      } else if (c.pushedFromRun()) {
        m.addStatement("$N.beginItem()", Names.channel(s.name(), c.name()));
      }
    }
    if (!node.raisedTags().isEmpty()) {
      m.addStatement("$N = 0", Names.raised(s.name()));
    }
    m.beginControlFlow("try")
        .addStatement("$N.$N($L)", Names.node(s.name()), node.method().getSimpleName().toString(),
            args(s, node.runParams(), item))
        .nextControlFlow("catch ($T e)", Throwable.class);
    if (!node.raisedTags().isEmpty()) {
      // only a raise runs consumers inside the call: every other push is handed on after it returns
      m.add("// a consumer's failure (raise hands the pushes so far on) arrives here already named;\n")
          .add("// failure() passes it on. Throwable: node code may throw a checked exception it does\n")
          .add("// not declare (a sneaky throw)\n");
    } else {
      m.add("// Throwable: node code may throw a checked exception it does not declare (a sneaky throw)\n");
    }
    m.addStatement("throw failure($L, $T.text($N), e)", names.index(s.name()), Failures.class, item)
        .endControlFlow();
    for (ChannelModel c : node.channels()) {
      if (c.pushedFromRun()) {
        m.add(pass(s, c.name()));
      }
    }
    return m.build();
  }

  /** An enumerator: one parent, its BEGIN, its elements, its END, each through the region at once. */
  private MethodSpec enumerate(StageModel s) {
    int region = region(s);
    int index = names.index(s.name());
    List<Origination> originates = schedule.stage(s.name()).dispatch().originates();
    MethodSpec.Builder m = MethodSpec.methodBuilder(take(s.name()))
        .addModifiers(Modifier.PRIVATE)
        .addParameter(Names.type(s.itemType()), "item")
        .addStatement("int count")
        .beginControlFlow("try")
        .addStatement("count = $N.$N(item)", Names.node(s.name()), s.node().method().getSimpleName().toString())
        .nextControlFlow("catch ($T e)", Throwable.class)
        .addStatement("throw failure($L, $T.text(item), e)", index, Failures.class)
        .endControlFlow()
        .beginControlFlow(schedule.region(region).maxElements() == Integer.MAX_VALUE ? "if (count < 0)"
            : "if (count < 0 || count > " + maxElements(region) + ")")
        .addStatement("throw badCount($L, item, count)", index)
        .endControlFlow()
        .addComment("the region's nodes see BEGIN, the elements and END before the next parent opens")
        .addStatement("$N = item", parent(region));
    for (Origination o : originates) {
      if (o.signal().kind() == SignalKey.Kind.BEGIN) {
        m.addCode(send(o.edges(), o.signal(), ""));
      }
    }
    m.addStatement("$N.enumerate(count)", Names.channel(s.name(), ChannelModel.ELEMENTS));
    for (Origination o : originates) {
      if (o.signal().kind() == SignalKey.Kind.END) {
        m.addCode(send(o.edges(), o.signal(), ""));
      }
    }
    return m.build();
  }

  /** The number of the region enumerator {@code s} opens. */
  private int region(StageModel s) {
    return schedule.regions().stream().filter(r -> r.number() > 0 && r.head().equals(s.name()))
        .mapToInt(RegionPlan::number).findFirst().orElseThrow();
  }

  private String maxElements(int region) {
    int max = schedule.region(region).maxElements();
    return max == Integer.MAX_VALUE ? "Integer.MAX_VALUE" : String.valueOf(max);
  }

  /**
   * Signal {@code e.signal()} reaching node {@code s}: its handler, if any, then on along the table's
   * edges, or first along them and then the handler ({@link Protocol#passedOnBeforeHandler}: BEGIN).
   */
  private MethodSpec signal(StageModel s, DispatchEntry e) {
    SignalKey key = e.signal();
    boolean user = key.kind() == SignalKey.Kind.USER;
    MethodSpec.Builder m = MethodSpec.methodBuilder(signalMethod(s.name(), key))
        .addModifiers(Modifier.PRIVATE)
        .addStatement("$N++", signalsCounter(s.name()));
    if (user) {
      m.addParameter(Names.type(key.tag().type()), "signal");
    }
    HandlerModel h = e.handler();
    boolean first = Protocol.passedOnBeforeHandler(key.kind() == SignalKey.Kind.BEGIN);
    if (first) {
      m.addCode(send(e.forwardEdges(), key, user ? "signal" : ""));
    }
    if (h != null) {
      int label = schedule.stage(s.name()).label();
      for (String c : h.channels()) {
        if (slotted(s, c)) {
          m.addCode(newHeld(s, c));
        } else {
          m.addStatement("$N.beginItem()", Names.channel(s.name(), c));
        }
      }
      String value = h.tag() == Signal.USER ? "signal" : parent(label);
      // a user signal is named by its tag record's own text, which starts with the tag's name
      CodeBlock item = user
          ? CodeBlock.of("$S + $T.text(signal)", "signal ", Failures.class)
          : CodeBlock.of("$S", "signal " + PlanWriter.name(key));
      m.beginControlFlow("try")
          .addStatement("$N.$N($L)", Names.node(s.name()), h.name(), args(s, h.params(), value))
          .nextControlFlow("catch ($T e)", Throwable.class);
      if (user) {
        // a user signal comes between parents' items: no parent of its own to name
        m.addStatement("throw failure($L, $L, e, false)", names.index(s.name()), item);
      } else {
        m.addStatement("throw failure($L, $L, e)", names.index(s.name()), item);
      }
      m.endControlFlow();
      for (String c : h.channels()) {
        m.addCode(pass(s, c));
      }
    }
    if (!first) {
      m.addCode(send(e.forwardEdges(), key, user ? "signal" : ""));
    }
    return m.build();
  }

  private CodeBlock args(StageModel s, List<RunParam> params, String item) {
    CodeBlock.Builder b = CodeBlock.builder();
    int label = schedule.stage(s.name()).label();
    for (int i = 0; i < params.size(); i++) {
      RunParam p = params.get(i);
      if (i > 0) {
        b.add(", ");
      }
      switch (p.kind()) {
        case ITEM, SIGNAL -> b.add("$L", item);
        case PARENT -> b.add("$N", parent(label));
        case CHANNEL -> b.add("$N", slotted(s, p.channel()) ? heldLocal(s.name(), p.channel()) : Names.channel(s.name(), p.channel()));
        case RAISE -> b.add("$N", Names.raise(s.name(), p.type()));
      }
    }
    return b.build();
  }

  private MethodSpec counter(String method, List<StageModel> stages, java.util.function.Function<StageModel, CodeBlock> value) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(method)
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PROTECTED)
        .returns(TypeName.LONG)
        .addParameter(TypeName.INT, "stage");
    if (stages.isEmpty()) {
      return m.addComment("no stage counts any").addStatement("return 0").build();
    }
    m.beginControlFlow("switch (stage)");
    for (StageModel s : stages) {
      m.addStatement("case $L: return $L", names.index(s.name()), value.apply(s));
    }
    m.addStatement("default: return 0").endControlFlow();
    return m.build();
  }
}
