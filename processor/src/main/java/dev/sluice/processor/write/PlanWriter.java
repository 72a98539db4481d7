package dev.sluice.processor.write;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import dev.sluice.processor.compute.DispatchEntry;
import dev.sluice.processor.compute.EdgePlan;
import dev.sluice.processor.compute.Origination;
import dev.sluice.processor.compute.RegionPlan;
import dev.sluice.processor.compute.Schedule;
import dev.sluice.processor.compute.SignalKey;
import dev.sluice.processor.compute.StagePlan;
import dev.sluice.processor.model.EdgeModel;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.model.UserTag;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes the method that builds a pipeline's {@code PLAN}: the computed schedule as one builder call per
 * line, so a reader can check region numbers, capacities and dispatch tables in the generated source.
 * Statements, not one chained expression: javac attributes a chain recursively, and a pipeline of some
 * 250 stages overflowed its stack (outside-in helper-84); past {@link #STATEMENTS_PER_METHOD} calls the
 * rest goes on in further methods, far from the JVM's 64 KB a method.
 */
final class PlanWriter {
  private final PipelineModel model;
  private final Schedule schedule;
  private final Names names;

  PlanWriter(PipelineModel model, Schedule schedule, Names names) {
    this.model = model;
    this.schedule = schedule;
    this.names = names;
  }

  /** The name of the method that returns the plan, which {@code PLAN} is initialized with. */
  static final String METHOD = "computedPlan";
  /** Builder calls in one method at most (about 20 bytes of bytecode each). */
  static final int STATEMENTS_PER_METHOD = 1_000;

  /** {@link #METHOD}, and the methods it continues in where the calls are many. */
  List<MethodSpec> methods() {
    Calls b = new Calls();
    b.comment("// stages: name, region number, rank (longest chain to a sink), input queue capacity, most items one\n");
    b.comment("// producer run puts into that queue (FULL below it)\n");
    for (StageModel s : names.stagesInPlanOrder()) {
      StagePlan p = schedule.stage(s.name());
      if (s.isSource()) {
        b.statement("b.source($S, $L);\n", s.name(), p.rank());
      } else if (s.isEnumerator()) {
        b.statement("b.enumerate($S, $L, $L, $L, $L, /* heads region */ $L);\n", s.name(), p.label(), p.rank(),
            p.queueCapacity(), p.queueMaxPerRun(), headedRegion(s.name()));
      } else {
        b.statement("b.transform($S, $L, $L, $L, $L);\n", s.name(), p.label(), p.rank(), p.queueCapacity(),
            p.queueMaxPerRun());
      }
    }
    for (StageModel s : model.sinks()) {
      b.statement("b.sink($S);\n", s.name());
    }
    b.comment("// edges: from, channel, to, most items the producer pushes on it in one run\n");
    for (EdgeModel e : model.edges()) {
      EdgePlan p = schedule.edge(e.index());
      b.statement("b.edge($S, $S, $S, $L);\n", e.from(), e.channel(), e.to(), p.maxPerRun());
    }
    PlanBuilder.channels(model, (stage, c) -> b.statement("b.channel($S, $S, $L, $L);\n", stage, c.name(), c.max(), c.aggregate()),
        () -> b.comment("// channels: node, channel, @Max, @Aggregate (for pictures and reports; the numbers above come from them)\n"));
    if (schedule.regions().size() > 1) {
      b.comment("// regions: number, head, parent buffer, terminal nodes (references per parent), max elements\n");
    }
    for (RegionPlan r : schedule.regions()) {
      if (r.number() == 0) {
        continue;
      }
      b.statement("b.region($L, $S, $L, $L, $L); // members $L, terminals $L\n", r.number(), r.head(),
          r.parentBuffer(), r.terminalCount(), r.maxElements(), r.members(), r.terminals());
    }
    List<String> signals = signalNames();
    if (!signals.isEmpty()) {
      b.comment("// signals; then per node: handler index (-1: none), releases the parent, forwarded to\n");
    }
    for (String s : signals) {
      b.statement("b.signal($S);\n", s);
    }
    for (StageModel s : names.stagesInPlanOrder()) {
      StagePlan p = schedule.stage(s.name());
      if (p.dispatch() == null) {
        continue;
      }
      for (Origination o : p.dispatch().originates()) {
        b.statement("b.originate($S, $S$L);\n", s.name(), name(o.signal()), targets(o.edges()));
      }
      for (DispatchEntry d : p.dispatch().entries()) {
        int handler = d.handler() == null ? -1 : s.node().handlers().indexOf(d.handler());
        b.statement("b.dispatch($S, $S, $L, $L$L);\n", s.name(), name(d.signal()), handler, d.releasesParent(),
            targets(d.forwardEdges()));
      }
    }
    List<MethodSpec> out = new java.util.ArrayList<>();
    List<CodeBlock> parts = b.parts();
    for (int i = parts.size() - 1; i >= 0; i--) {
      boolean first = i == 0;
      MethodSpec.Builder m = MethodSpec.methodBuilder(METHOD + (first ? "" : String.valueOf(i + 1)))
          .addModifiers(Modifier.PRIVATE, Modifier.STATIC);
      if (first) {
        m.addJavadoc("The schedule the processor computed for {@link $T}.\n", model.element()).returns(Names.PLAN)
            .addStatement("$T b = $T.builder($S, /* width */ $L, /* signal queue */ $L)", Names.PLAN_BUILDER, Names.PLAN,
                model.simpleName(), model.settings().width(), model.settings().signalQueue());
      } else {
        m.addJavadoc("{@link #$L}, continued.\n", METHOD).addParameter(Names.PLAN_BUILDER, "b");
      }
      m.addCode(parts.get(i));
      if (i + 1 < parts.size()) {
        m.addStatement("$L$L(b)", METHOD, i + 2);
      }
      if (first) {
        m.addStatement("return b.build()");
      }
      out.add(0, m.build());
    }
    return out;
  }

  /** The builder calls, as statements on {@code b}, cut into parts of at most {@link #STATEMENTS_PER_METHOD}. */
  private static final class Calls {
    private final List<CodeBlock.Builder> parts = new java.util.ArrayList<>(List.of(CodeBlock.builder()));
    private int statements;

    /** A comment line. */
    void comment(String format, Object... args) {
      parts.get(parts.size() - 1).add(format, args);
    }

    /** A statement, in a new part once the last holds {@link #STATEMENTS_PER_METHOD}. */
    void statement(String format, Object... args) {
      if (statements == STATEMENTS_PER_METHOD) {
        parts.add(CodeBlock.builder());
        statements = 0;
      }
      parts.get(parts.size() - 1).add(format, args);
      statements++;
    }

    List<CodeBlock> parts() {
      return parts.stream().map(CodeBlock.Builder::build).toList();
    }
  }

  private int headedRegion(String stage) {
    return schedule.regions().stream().filter(r -> r.number() > 0 && r.head().equals(stage))
        .mapToInt(RegionPlan::number).findFirst().orElseThrow();
  }

  /** BEGIN(r)/END(r) for each region, then the user tags, in the order the plan numbers them. */
  List<String> signalNames() {
    List<String> out = new java.util.ArrayList<>();
    for (RegionPlan r : schedule.regions()) {
      if (r.number() > 0) {
        out.add("BEGIN(" + r.number() + ")");
        out.add("END(" + r.number() + ")");
      }
    }
    for (UserTag t : model.userTags()) {
      out.add(t.type().simpleName());
    }
    return out;
  }

  static String name(SignalKey k) {
    return k.kind() == SignalKey.Kind.USER ? k.tag().type().simpleName() : k.toString();
  }

  private CodeBlock targets(List<Integer> edges) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (int e : edges) {
      b.add(", $S", model.edges().get(e).to());
    }
    return b.build();
  }
}
