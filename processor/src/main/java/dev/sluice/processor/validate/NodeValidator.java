package dev.sluice.processor.validate;

import dev.sluice.Aggregate;
import dev.sluice.Max;
import dev.sluice.Parent;
import dev.sluice.Region;
import dev.sluice.SignalHandler;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.read.Annotations;
import dev.sluice.processor.read.ItemTypes;
import dev.sluice.processor.read.Packages;
import dev.sluice.processor.read.ParamTypes;
import dev.sluice.processor.read.WrittenModifiers;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.util.ElementFilter;

/**
 * Checks the shape of a {@code @Node} class on its elements: the class, its {@code run} or
 * {@code count} method, its handlers, channels and fields. Everything {@code NodeReader} relies on is
 * checked here. Checks that depend on the pipeline (regions, parent types, accessibility from the
 * generated package) are in {@link PipelineValidator} and {@link RegionValidator}; the method bodies
 * are checked by {@link BodyChecker}, a round later (see {@code SluiceProcessor}).
 */
public final class NodeValidator {
  private NodeValidator() {}

  /**
   * {@code node}'s own problems; {@code modifiers} reads its class's and fields' modifiers as its source
   * has them (another processor may have changed them). Parent types that disagree with no type named
   * more often than another go to {@code undecided}: a pipeline's region decides which use is wrong.
   */
  public static List<Diagnostic> validate(TypeElement node, WrittenModifiers modifiers, List<Diagnostic> undecided) {
    List<Diagnostic> out = new ArrayList<>();
    String name = node.getSimpleName().toString();
    if (node.getKind() != ElementKind.CLASS) {
      out.add(Diagnostic.on(node, Message.NODE_NOT_CLASS, node.getKind().toString().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')));
      return out;
    }
    if (node.getModifiers().contains(Modifier.ABSTRACT)) {
      out.add(Diagnostic.on(node, Message.NODE_ABSTRACT, name));
    } else if (!modifiers.has(node, Modifier.FINAL)) {
      out.add(Diagnostic.on(node, Message.NODE_NOT_FINAL, name));
    }
    if (!node.getTypeParameters().isEmpty()) {
      out.add(Diagnostic.on(node, Message.NODE_GENERIC, name));
    }
    if (node.getNestingKind() == javax.lang.model.element.NestingKind.MEMBER
        && !node.getModifiers().contains(Modifier.STATIC)) {
      // whatever pipeline uses it: the generated class cannot make an inner class's objects
      out.add(Diagnostic.on(node, Message.INACCESSIBLE, "node class", node.getQualifiedName(),
          Packages.of(node).getQualifiedName(), name + " is an inner class; make it static"));
    }
    out.addAll(FieldValidator.validate(node, modifiers));

    List<ExecutableElement> methods = ElementFilter.methodsIn(node.getEnclosedElements());
    List<ExecutableElement> handlers =
        methods.stream().filter(m -> Annotations.has(m, SignalHandler.class)).toList();
    boolean region = Annotations.has(node, Region.class);
    // a handler named run is a handler (SLU232 says the name is taken), not a second run method; a
    // static run beside an instance one is a helper, as a static count is in a region (a static one
    // alone is the node's method, refused as static)
    List<ExecutableElement> named = named(methods, region ? "count" : "run").stream().filter(m -> !handlers.contains(m)).toList();
    List<ExecutableElement> helpers = named.stream().anyMatch(m -> !m.getModifiers().contains(Modifier.STATIC))
        ? named.stream().filter(m -> m.getModifiers().contains(Modifier.STATIC)).toList() : List.of();
    List<ExecutableElement> runs = named(methods, "run").stream().filter(m -> !handlers.contains(m) && !helpers.contains(m)).toList();
    List<ExecutableElement> counts = named(methods, "count").stream().filter(m -> !handlers.contains(m)).toList();
    for (ExecutableElement m : methods) {
      String taken = region ? "count" : "run";
      if (m.getSimpleName().contentEquals(taken) && (handlers.contains(m) || helpers.contains(m))) {
        out.add(Diagnostic.on(m, Message.METHOD_NAME_TAKEN, handlers.contains(m) ? "signal handler " + m.getSimpleName()
            : "static method " + m.getSimpleName(), name, taken, region ? "count of elements" : "item method"));
      }
    }
    ParamChecker params = new ParamChecker(out);
    if (region) {
      checkRegionSpec(node, out);
      for (ExecutableElement run : runs) {
        out.add(Diagnostic.on(run, Message.REGION_WITH_RUN, name));
      }
      for (ExecutableElement handler : handlers) {
        out.add(Diagnostic.on(handler, Message.REGION_HANDLER, name));
      }
      checkCount(node, counts.stream().filter(m -> !helpers.contains(m)).toList(), out);
    } else {
      if (runs.isEmpty()) {
        out.add(Diagnostic.on(node, Message.MISSING_RUN, name));
      }
      for (int i = 1; i < runs.size(); i++) {
        out.add(Diagnostic.on(runs.get(i), Message.SEVERAL_RUN, name));
      }
      if (runs.size() == 1) {
        params.checkRun(runs.get(0));
      }
      for (ExecutableElement handler : handlers) {
        params.checkHandler(handler);
      }
      params.checkParentTypes(name, undecided);
    }
    if (region ? !counts.isEmpty() : !runs.isEmpty()) {
      // a node without its run (or count) is told that (SLU205, SLU210): a misnamed run's channel
      // annotations are not to be removed, but the method renamed
      notRead(node, out);
    }
    for (ExecutableElement constructor : ElementFilter.constructorsIn(node.getEnclosedElements())) {
      if (constructor.getParameters().isEmpty()) {
        // the default factory, Node::new
        ParamChecker.noCheckedExceptions(constructor, name + "()", out);
      }
    }
    return out;
  }

  /** The parameter annotations Sluice reads on run's and the handlers' parameters, and nowhere else. */
  private static final List<Class<? extends java.lang.annotation.Annotation>> PARAMETER_ANNOTATIONS =
      List.of(Parent.class, Max.class, Aggregate.class);

  /**
   * {@code @Parent}, {@code @Max} and {@code @Aggregate} on a parameter of any other method or
   * constructor of the node ({@code count}, a helper): nothing reads them there, so they would be
   * silently ignored, where on run's other parameters they are errors (SLU225, SLU226, SLU228).
   * Methods named {@code run} and handlers are left to those checks (in a region, to SLU211's and SLU218's).
   */
  private static void notRead(TypeElement node, List<Diagnostic> out) {
    for (ExecutableElement e : ElementFilter.methodsIn(node.getEnclosedElements())) {
      if (!e.getSimpleName().contentEquals("run") && !Annotations.has(e, SignalHandler.class)) {
        notRead(e, e.getSimpleName() + "(...)", out);
      }
    }
    for (ExecutableElement c : ElementFilter.constructorsIn(node.getEnclosedElements())) {
      notRead(c, "the constructor", out);
    }
  }

  private static void notRead(ExecutableElement method, String what, List<Diagnostic> out) {
    boolean count = method.getSimpleName().contentEquals("count");
    // a method that takes output channels is most likely a handler whose @SignalHandler was forgotten
    boolean channels = method.getKind() == ElementKind.METHOD && method.getParameters().stream()
        .anyMatch(p -> ParamTypes.classify(p.asType()).shape() == ParamTypes.Shape.CHANNEL);
    for (VariableElement p : method.getParameters()) {
      for (Class<? extends java.lang.annotation.Annotation> type : PARAMETER_ANNOTATIONS) {
        String hint = count && type == Parent.class ? "remove it (count's one parameter is its region's parent already)"
            : channels ? "annotate " + what + " @SignalHandler if it is meant to handle a signal, else remove it"
            : "remove it";
        Annotations.mirror(p, type).ifPresent(m -> out.add(Diagnostic.on(p, m, null, Message.PARAMETER_ANNOTATION_NOT_READ,
            type.getSimpleName(), p.getSimpleName(), what, hint)));
      }
    }
  }

  private static void checkCount(TypeElement node, List<ExecutableElement> counts, List<Diagnostic> out) {
    String name = node.getSimpleName().toString();
    if (counts.size() != 1) {
      out.add(Diagnostic.on(counts.isEmpty() ? node : counts.get(1), Message.REGION_COUNT, name));
      return;
    }
    ExecutableElement count = counts.get(0);
    if (count.getReturnType().getKind() != TypeKind.INT) {
      out.add(Diagnostic.on(count, Message.COUNT_SIGNATURE, name, "returns " + count.getReturnType()
          + ", but the number of elements is an int"));
      return;
    }
    if (count.getParameters().size() != 1) {
      int n = count.getParameters().size();
      out.add(Diagnostic.on(count, Message.COUNT_SIGNATURE, name, n == 0 ? "takes no parameter, but must take the parent"
          : "takes " + n + " parameters, but must take the parent alone"));
      return;
    }
    ParamChecker.usable(count, out);
    VariableElement parent = count.getParameters().get(0);
    if (ItemTypes.item(parent.asType()).isEmpty()) {
      out.add(Diagnostic.on(parent, Message.UNSUPPORTED_ITEM_TYPE, parent.asType(), ItemTypes.why(parent.asType()))
          .oncePer(ItemTypes.faultOf(parent.asType())));
    }
  }

  private static void checkRegionSpec(TypeElement node, List<Diagnostic> out) {
    AnnotationMirror mirror = Annotations.mirror(node, Region.class).orElseThrow();
    Region region = node.getAnnotation(Region.class);
    if (region.parentBuffer() < 1) {
      out.add(Diagnostic.on(node, mirror, Annotations.value(mirror, "parentBuffer").orElse(null),
          Message.BAD_REGION_SPEC, "parentBuffer", region.parentBuffer()));
    }
    if (region.maxElements() < 1) {
      out.add(Diagnostic.on(node, mirror, Annotations.value(mirror, "maxElements").orElse(null),
          Message.BAD_REGION_SPEC, "maxElements", region.maxElements()));
    }
  }

  private static List<ExecutableElement> named(List<ExecutableElement> methods, String name) {
    return methods.stream().filter(m -> m.getSimpleName().contentEquals(name)).toList();
  }

  /** Whether a parameter is annotated {@code @Parent}. */
  static boolean isParent(VariableElement p) {
    return Annotations.has(p, Parent.class);
  }
}
