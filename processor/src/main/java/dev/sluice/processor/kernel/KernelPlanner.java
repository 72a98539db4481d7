package dev.sluice.processor.kernel;

import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.model.FieldModel;
import dev.sluice.processor.model.ItemType;
import dev.sluice.processor.model.PipelineModel;
import dev.sluice.processor.model.StageModel;
import dev.sluice.processor.read.Packages;
import dev.sluice.processor.read.WrittenModifiers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/**
 * The kernel step of the processor: decides whether a pipeline gets an OpenCL kernel ({@link
 * #decide}), and if so translates its node bodies ({@link #translate}), a round later. The outcome is
 * either the translations (and any GPU-subset errors) or the reason there is no kernel, which the
 * generated class reports at run time.
 */
public final class KernelPlanner {
  private final Optional<BodyTranslator> translator;
  private final WrittenModifiers modifiers;

  public KernelPlanner(Optional<BodyTranslator> translator, WrittenModifiers modifiers) {
    this.translator = translator;
    this.modifiers = modifiers;
  }

  /**
   * What the kernel step decided.
   *
   * @param bodies translated {@code run} (or {@code count}) bodies by stage name, and BEGIN/END handler
   *     bodies by {@link #handlerKey}; empty when there is no kernel
   * @param noKernel why there is no kernel, or null
   * @param diagnostics GPU-subset errors and notes
   */
  public record Plan(Map<String, BodyTranslator.Translation> bodies, String noKernel, List<Diagnostic> diagnostics) {
    public boolean hasKernel() {
      return noKernel == null;
    }

    /** The key of handler {@code index} (in declaration order) of {@code stage} in {@link #bodies}. */
    public static String handlerKey(String stage, int index) {
      return stage + "#" + index;
    }
  }

  /**
   * Whether the pipeline gets a kernel, from what its declarations say, without reading a method
   * body: the processor writes the pipeline's own classes from this a round before it translates the
   * bodies ({@link #translate}). A kernel promised here can only be withdrawn by a compile error.
   */
  public Plan decide(PipelineModel model) {
    List<Diagnostic> out = new ArrayList<>();
    if (!model.settings().gpu()) {
      return new Plan(Map.of(), "@Pipeline(gpu = false) keeps it on the CPU back end", out);
    }
    if (translator.isEmpty()) {
      // said once for the whole compilation by the BODY_CHECKS_SKIPPED note, not again per pipeline
      String why = "the compiler has no javac Trees API, and the GPU kernel is translated from node sources through it (compile with javac)";
      return new Plan(Map.of(), why, out);
    }
    for (StageModel s : model.nodes()) {
      for (FieldModel f : s.node().fields(FieldModel.Kind.STATE)) {
        if (f.element().asType().getKind() == javax.lang.model.type.TypeKind.SHORT) {
          // the kernel keeps @State in an array per work-group
          out.add(Diagnostic.on(f.element(), Message.GPU_SHORT_STATE, model.simpleName(), f.name(),
              s.node().element().getSimpleName()));
          return new Plan(Map.of(), "@State field '" + f.name() + "' of node '" + s.name()
              + "' is a short, which Aparapi cannot copy to the device", out);
        }
      }
      for (FieldModel f : s.node().fields(FieldModel.Kind.PARAM)) {
        // by the component's kind: a type-use annotation (short @NonNull []) is in the type's toString()
        if (f.array() && f.element().asType() instanceof javax.lang.model.type.ArrayType a
            && a.getComponentType().getKind() == javax.lang.model.type.TypeKind.SHORT) {
          out.add(Diagnostic.on(f.element(), Message.GPU_SHORT_ARRAY, model.simpleName(), f.name(),
              s.node().element().getSimpleName()));
          return new Plan(Map.of(), "@Param array '" + f.name() + "' of node '" + s.name()
              + "' is a short[], which Aparapi cannot copy to the device", out);
        }
      }
    }
    for (StageModel s : model.nodes()) {
      if (!translator.get().hasSource(s)) {
        String why = "node '" + s.name() + "' (" + s.node().qualifiedName() + ") was compiled before this compilation, and"
            + " the kernel is translated from node sources: declare the pipeline in the module that compiles its nodes"
            + " (a pipeline in another module than a library of nodes gets no kernel); if it is declared there, this"
            + " build compiled the pipeline without them: " + REBUILD;
        return skipped(model, why, out);
      }
    }
    for (ItemType record : model.records()) {
      if (!translator.get().hasSource(record)) {
        // the host builds a record again from its component values with its constructor: one read from a
        // class file cannot be checked to only store them (SLU617, SLU618), and OpenCL could then differ
        String why = "record " + record.simpleName() + " (" + record.element().getQualifiedName() + "), which it"
            + " moves, was compiled before this compilation, and the kernel needs its source to check that its"
            + " constructor and accessors only store and return its components: declare the record in the module that"
            + " compiles the pipeline; if it is declared there, this build compiled the pipeline without it: " + REBUILD;
        return skipped(model, why, out);
      }
    }
    for (StageModel s : model.nodes()) {
      for (FieldModel f : kernelFields(s)) {
        accessProblem(f.element(), model.packageName()).ifPresent(why -> out.add(Diagnostic.on(f.element(),
            Message.GPU_FIELD_INACCESSIBLE, annotation(f), f.name(), s.node().element().getSimpleName(), why,
            model.packageName(),
            why.startsWith("private") ? "package-private or public" : "public")));
      }
    }
    boolean errors = out.stream().anyMatch(Diagnostic::isError);
    return new Plan(Map.of(), errors ? "@Param or @State fields the kernel cannot read" : null, out);
  }

  /**
   * Translates the node bodies of a pipeline {@link #decide} gave a kernel: the translations, or
   * GPU-subset errors (and then no kernel).
   */
  public Plan translate(PipelineModel model) {
    List<Diagnostic> out = new ArrayList<>();
    Map<String, BodyTranslator.Translation> bodies = new LinkedHashMap<>();
    java.util.Set<String> refused = new java.util.LinkedHashSet<>();
    for (StageModel s : model.nodes()) {
      BodyTranslator.Translation t = translator.orElseThrow().translate(s);
      bodies.put(s.name(), t);
      out.addAll(t.problems());
      for (int h = 0; h < s.node().handlers().size(); h++) {
        BodyTranslator.Translation ht = translator.get().translateHandler(s, s.node().handlers().get(h));
        bodies.put(Plan.handlerKey(s.name(), h), ht);
        out.addAll(ht.problems());
        if (ht.problems().stream().anyMatch(Diagnostic::isError)) {
          refused.add(s.node().element().getSimpleName().toString());
        }
      }
      if (t.problems().stream().anyMatch(Diagnostic::isError)) {
        refused.add(s.node().element().getSimpleName().toString());
      }
    }
    if (!refused.isEmpty()) {
      // a node class is checked once, and its errors are printed once, however many pipelines use it:
      // each pipeline that needs its kernel says so, with the way to keep that pipeline alone on the CPU
      out.add(Diagnostic.on(model.element(), Message.GPU_PIPELINE_REFUSED, model.simpleName(),
          String.join(", ", refused)));
    }
    RecordMethods records = translator.get().records();
    for (ItemType record : model.records()) {
      out.addAll(records.ownAccessors(record, model.simpleName()));
      out.addAll(records.changingConstructors(record, model.simpleName()));
    }
    if (bodies.values().stream().anyMatch(BodyTranslator.Translation::unresolved)) {
      // the user's source does not compile yet, and javac says where: no kernel to repeat the error in,
      // and no GPU-subset refusals of its erroneous types, which would stand in for javac's error
      return new Plan(Map.of(), "a node body does not compile", List.of());
    }
    boolean errors = out.stream().anyMatch(Diagnostic::isError);
    return errors ? new Plan(Map.of(), "node bodies outside the GPU subset", out) : new Plan(bodies, null, out);
  }

  /** The way out of a build that compiled a pipeline without the sources its kernel is translated from. */
  private static final String REBUILD = "rebuild from clean, mvn clean compile";

  /** No kernel, for a reason the user's layout or build gave: said in the note SLU620. */
  private static Plan skipped(PipelineModel model, String why, List<Diagnostic> out) {
    out.add(Diagnostic.on(model.element(), Message.GPU_KERNEL_SKIPPED, model.simpleName(), why));
    return new Plan(Map.of(), why, out);
  }

  /** The fields the kernel's constructor reads from a node object: {@code @Param} values and initial {@code @State}. */
  private static List<FieldModel> kernelFields(StageModel s) {
    List<FieldModel> out = new ArrayList<>(s.node().fields(FieldModel.Kind.PARAM));
    out.addAll(s.node().fields(FieldModel.Kind.STATE));
    return out;
  }

  /** Why the generated kernel in {@code pkg} cannot read field {@code f}, or empty. */
  private Optional<String> accessProblem(Element f, String pkg) {
    if (modifiers.has(f, Modifier.PRIVATE)) {
      return Optional.of(modifiers.privateWord(f));
    }
    String own = Packages.nameOf(f);
    if (!own.equals(pkg) && !modifiers.has(f, Modifier.PUBLIC)) {
      return Optional.of("not public and in package '" + own + "'");
    }
    return Optional.empty();
  }

  /** The annotation that makes {@code f} a kernel field, as the user wrote it: {@code @Param}, {@code @State}, {@code @Reduce}. */
  private static String annotation(FieldModel f) {
    return switch (f.kind()) {
      case PARAM -> "@Param";
      case STATE -> "@State";
      case REDUCE -> "@Reduce";
    };
  }
}
