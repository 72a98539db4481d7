package dev.sluice.processor.validate;

import dev.sluice.From;
import dev.sluice.Node;
import dev.sluice.Pipeline;
import dev.sluice.Reduce;
import dev.sluice.Region;
import dev.sluice.SignalHandler;
import dev.sluice.Sink;
import dev.sluice.Source;
import dev.sluice.processor.compute.SizeLimits;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.read.Annotations;
import dev.sluice.processor.read.ItemTypes;
import dev.sluice.processor.read.Packages;
import dev.sluice.processor.read.PipelineReader;
import dev.sluice.processor.read.WrittenModifiers;
import dev.sluice.runtime.protocol.Protocol;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiPredicate;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Checks a {@code @Pipeline} interface on its elements before it is read: the interface, its
 * settings, each stage method's role and return type, one source, and that the node classes it
 * uses are valid ({@code validNode}, which reports a node's own problems once) and reachable from
 * the generated class's package.
 */
public final class PipelineValidator {
  /** Whether a node class's declarations are valid, reporting its problems once; with the stage method using it. */
  private final BiPredicate<TypeElement, ExecutableElement> validNode;
  private final Elements elements;
  private final WrittenModifiers modifiers;

  /** The outcome: diagnostics, and whether the pipeline can be read (no errors here or in nodes). */
  public record Report(List<Diagnostic> diagnostics, boolean readable) {}

  public PipelineValidator(BiPredicate<TypeElement, ExecutableElement> validNode, Elements elements,
      WrittenModifiers modifiers) {
    this.validNode = validNode;
    this.elements = elements;
    this.modifiers = modifiers;
  }

  public Report validate(TypeElement pipeline) {
    List<Diagnostic> out = new ArrayList<>();
    if (pipeline.getKind() != ElementKind.INTERFACE) {
      out.add(Diagnostic.on(pipeline, Message.PIPELINE_NOT_INTERFACE));
      return new Report(out, false);
    }
    String name = pipeline.getSimpleName().toString();
    String pkg = Packages.of(pipeline).getQualifiedName().toString();
    if (!pipeline.getTypeParameters().isEmpty()) {
      out.add(Diagnostic.on(pipeline, Message.PIPELINE_GENERIC, name));
    }
    Accessibility.problem(pipeline, pkg)
        .ifPresent(why -> out.add(Diagnostic.on(pipeline, Message.INACCESSIBLE, "pipeline", name, pkg, why)));
    checkSettings(pipeline, out);
    // a stage annotation on a method with a body was ignored, and its absence reported instead; a
    // source reported for that, or for being a sink too, is not reported missing as well
    boolean sourceWithBody = false;
    for (ExecutableElement m : ElementFilter.methodsIn(pipeline.getEnclosedElements())) {
      if ((m.isDefault() || m.getModifiers().contains(Modifier.STATIC) || m.getModifiers().contains(Modifier.PRIVATE))
          && (Annotations.has(m, Source.class) || Annotations.has(m, Sink.class) || Annotations.has(m, From.class))) {
        out.add(Diagnostic.on(m, Message.STAGE_WITH_BODY, m.getSimpleName(),
            m.isDefault() ? "default" : m.getModifiers().contains(Modifier.STATIC) ? "static" : "private"));
        sourceWithBody |= Annotations.has(m, Source.class);
      }
    }
    int before = out.size();
    inheritedStages(pipeline, pipeline, out);
    boolean inherits = out.size() > before;

    boolean nodesValid = true;
    List<ExecutableElement> sources = new ArrayList<>();
    // each record's access is reported once, where the pipeline names it first
    Set<TypeElement> records = new HashSet<>();
    for (ExecutableElement method : PipelineReader.stageMethods(pipeline)) {
      String stage = method.getSimpleName().toString();
      boolean source = Annotations.has(method, Source.class);
      boolean sink = Annotations.has(method, Sink.class);
      if (!method.getParameters().isEmpty()) {
        out.add(Diagnostic.on(method, Message.STAGE_PARAMETERS, stage));
      }
      if (source && sink) {
        out.add(Diagnostic.on(method, Message.SOURCE_AND_SINK, stage));
        sourceWithBody = true; // reported: not "no @Source" as well
        continue;
      }
      if (!source) {
        // @From({}) reads nothing: said as such, not as the stage being unreachable (SLU107)
        // read through the mirror, as PipelineReader reads @From: a value javac could not resolve
        // would throw from getAnnotation's proxy
        Optional<AnnotationMirror> from = Annotations.mirror(method, From.class);
        if (from.isPresent() && Annotations.value(from.get(), "value").isPresent()
            && Annotations.arrayValue(from.get(), "value").isEmpty()) {
          out.add(Diagnostic.on(method, from.get(), null, Message.EMPTY_FROM, stage));
          continue;
        }
      }
      if (source || sink) {
        if (source) {
          sources.add(method);
          Optional<AnnotationMirror> from = Annotations.mirror(method, From.class);
          from.ifPresent(m -> out.add(Diagnostic.on(method, m, null, Message.SOURCE_WITH_FROM, stage)));
        }
        checkItemType(method, method.getReturnType(), pkg, records, out);
        continue;
      }
      TypeMirror returned = method.getReturnType();
      if (returned.getKind() != TypeKind.DECLARED
          || !Annotations.has(((DeclaredType) returned).asElement(), Node.class)) {
        // <T extends Twice> T twice(): the class the stage runs is the method's to name, not a type variable's
        out.add(Diagnostic.on(method, Message.NOT_A_NODE, stage, returned.getKind() == TypeKind.TYPEVAR
            ? "type variable " + returned + " (a stage names its @Node class itself)" : returned));
        continue;
      }
      TypeElement node = (TypeElement) ((DeclaredType) returned).asElement();
      if (!validNode.test(node, method)) {
        nodesValid = false;
        continue;
      }
      Optional<String> problem = Accessibility.problem(node, pkg);
      boolean samePackage = Packages.of(node).getQualifiedName().contentEquals(pkg);
      if (problem.isEmpty() && !samePackage) {
        problem = nonPublicMethod(node);
      }
      problem.ifPresent(why ->
          out.add(Diagnostic.on(method, Message.INACCESSIBLE, "node class", node.getQualifiedName(), pkg, why)));
      if (problem.isEmpty()) {
        // reported on the field itself, as the user guide says errors are
        // every such field at once (outside-in helper-123: a node compiled elsewhere showed one per build)
        List<VariableElement> hidden = hiddenReduceFields(node, samePackage);
        hidden.forEach(f -> out.add(Diagnostic.on(f, Message.INACCESSIBLE, "node class", node.getQualifiedName(), pkg,
            "its @Reduce field '" + f.getSimpleName() + "' is " + (modifiers.has(f, Modifier.PRIVATE)
                ? modifiers.privateWord(f) : "not public and it is in another package")
                + "; the generated class resets and combines it: make it " + (samePackage ? "package-private" : "public"))));
        problem = hidden.isEmpty() ? Optional.empty() : Optional.of("");
      }
      if (problem.isEmpty()) {
        checkNodeRecords(node, pkg, records, out);
      }
    }
    if (sources.isEmpty() && !inherits && !sourceWithBody) {
      out.add(Diagnostic.on(pipeline, Message.NO_SOURCE, name));
    }
    for (int i = 1; i < sources.size(); i++) {
      out.add(Diagnostic.on(sources.get(i), Message.SEVERAL_SOURCES, sources.get(0).getSimpleName(),
          sources.get(i).getSimpleName()));
    }
    return new Report(out, nodesValid && out.stream().noneMatch(Diagnostic::isError));
  }

  /** Stage methods declared in an interface the pipeline extends, which the reader would not see. */
  private static void inheritedStages(TypeElement pipeline, TypeElement type, List<Diagnostic> out) {
    for (TypeMirror superType : type.getInterfaces()) {
      TypeElement parent = (TypeElement) ((DeclaredType) superType).asElement();
      for (ExecutableElement m : ElementFilter.methodsIn(parent.getEnclosedElements())) {
        boolean stage = Annotations.has(m, Source.class) || Annotations.has(m, Sink.class) || Annotations.has(m, From.class)
            || (m.getReturnType() instanceof DeclaredType d && Annotations.has(d.asElement(), Node.class));
        if (stage && !m.getModifiers().contains(Modifier.STATIC) && !m.isDefault()) {
          out.add(Diagnostic.on(pipeline, Message.INHERITED_STAGE, pipeline.getSimpleName(), m.getSimpleName(),
              parent.getQualifiedName()));
        }
      }
      inheritedStages(pipeline, parent, out);
    }
  }

  private static void checkItemType(ExecutableElement method, TypeMirror type, String pkg, Set<TypeElement> records,
      List<Diagnostic> out) {
    if (ItemTypes.item(type).isEmpty()) {
      out.add(Diagnostic.on(method, Message.UNSUPPORTED_ITEM_TYPE, type, ItemTypes.why(type)).oncePer(ItemTypes.faultOf(type)));
    } else if (type.getKind() == TypeKind.DECLARED) {
      TypeElement record = (TypeElement) ((DeclaredType) type).asElement();
      if (records.add(record)) {
        Accessibility.problem(record, pkg).ifPresent(why ->
            out.add(Diagnostic.on(method, Message.INACCESSIBLE, "record", record.getQualifiedName(), pkg, why)));
      }
    }
  }

  /**
   * The records a node's called methods take or push (the item, the parent, a channel's or a
   * signal's record): the generated classes name each, between two nodes too, so each must be
   * accessible from the pipeline's package. Reported on the parameter that names it.
   */
  private static void checkNodeRecords(TypeElement node, String pkg, Set<TypeElement> records,
      List<Diagnostic> out) {
    for (ExecutableElement m : calledMethods(node)) {
      for (VariableElement p : m.getParameters()) {
        List<TypeMirror> types = new ArrayList<>(List.of(p.asType()));
        if (p.asType() instanceof DeclaredType d) {
          types.addAll(d.getTypeArguments());
        }
        for (TypeMirror t : types) {
          if (t instanceof DeclaredType d && d.asElement().getKind() == ElementKind.RECORD
              && records.add((TypeElement) d.asElement())) {
            TypeElement record = (TypeElement) d.asElement();
            Accessibility.problem(record, pkg).ifPresent(why ->
                out.add(Diagnostic.on(p, Message.INACCESSIBLE, "record", record.getQualifiedName(), pkg, why)));
          }
        }
      }
    }
  }

  /** The generated class resets and combines {@code @Reduce} fields, so it must reach them. */
  private List<VariableElement> hiddenReduceFields(TypeElement node, boolean samePackage) {
    List<VariableElement> out = new java.util.ArrayList<>();
    for (VariableElement f : ElementFilter.fieldsIn(node.getEnclosedElements())) {
      if (Annotations.has(f, Reduce.class)
          && (modifiers.has(f, Modifier.PRIVATE)
              || (!samePackage && !modifiers.has(f, Modifier.PUBLIC)))) {
        out.add(f);
      }
    }
    return out;
  }

  /** The methods of a node the generated classes call: {@code run} (or {@code count}) and the handlers. */
  private static List<ExecutableElement> calledMethods(TypeElement node) {
    boolean region = Annotations.has(node, Region.class);
    return ElementFilter.methodsIn(node.getEnclosedElements()).stream()
        .filter(m -> Annotations.has(m, SignalHandler.class) || m.getSimpleName().contentEquals(region ? "count" : "run"))
        .toList();
  }

  /** A node in another package: the methods the generated class calls must be public. */
  private static Optional<String> nonPublicMethod(TypeElement node) {
    for (ExecutableElement m : calledMethods(node)) {
      if (!m.getModifiers().contains(Modifier.PUBLIC)) {
        return Optional.of("its method " + m.getSimpleName() + "(...) is not public and it is in another package; make it public");
      }
    }
    return Optional.empty();
  }

  private static void checkSettings(TypeElement pipeline, List<Diagnostic> out) {
    Pipeline settings = pipeline.getAnnotation(Pipeline.class);
    AnnotationMirror mirror = Annotations.mirror(pipeline, Pipeline.class).orElseThrow();
    if (settings.width() < 1) {
      out.add(Diagnostic.on(pipeline, mirror, Annotations.value(mirror, "width").orElse(null),
          Message.BAD_SETTING, "width", settings.width(), 1));
    } else if (settings.width() > SizeLimits.MAX_WIDTH) {
      out.add(Diagnostic.on(pipeline, mirror, Annotations.value(mirror, "width").orElse(null),
          Message.SETTING_TOO_LARGE, "width", settings.width(), SizeLimits.MAX_WIDTH));
    } else if (settings.width() > SizeLimits.COMMON_GPU_GROUP && settings.gpu()) {
      // accepted, and right on the CPU, but refused at run time on most GPUs (outside-in helper-121)
      out.add(Diagnostic.on(pipeline, mirror, Annotations.value(mirror, "width").orElse(null),
          Message.WIDE_FOR_GPUS, settings.width(), SizeLimits.COMMON_GPU_GROUP));
    }
    if (settings.queueScale() < 1) {
      out.add(Diagnostic.on(pipeline, mirror, Annotations.value(mirror, "queueScale").orElse(null),
          Message.BAD_SETTING, "queueScale", settings.queueScale(), 1));
    }
    int minimum = Protocol.MAX_SIGNALS_PER_RUN;
    if (settings.signalQueue() <= minimum) {
      out.add(Diagnostic.on(pipeline, mirror, Annotations.value(mirror, "signalQueue").orElse(null),
          Message.SIGNAL_QUEUE_TOO_SMALL, settings.signalQueue(), minimum));
    }
  }
}
