package dev.sluice.processor.validate;

import dev.sluice.Parent;
import dev.sluice.Region;
import dev.sluice.SignalHandler;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.read.Annotations;
import dev.sluice.processor.read.ItemTypes;
import dev.sluice.processor.read.Packages;
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

  public static List<Diagnostic> validate(TypeElement node) {
    List<Diagnostic> out = new ArrayList<>();
    String name = node.getSimpleName().toString();
    if (node.getKind() != ElementKind.CLASS) {
      out.add(Diagnostic.on(node, Message.NODE_NOT_CLASS, node.getKind().toString().toLowerCase(java.util.Locale.ROOT)));
      return out;
    }
    if (node.getModifiers().contains(Modifier.ABSTRACT)) {
      out.add(Diagnostic.on(node, Message.NODE_ABSTRACT, name));
    } else if (!node.getModifiers().contains(Modifier.FINAL)) {
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
    out.addAll(FieldValidator.validate(node));

    List<ExecutableElement> methods = ElementFilter.methodsIn(node.getEnclosedElements());
    List<ExecutableElement> runs = named(methods, "run");
    List<ExecutableElement> handlers =
        methods.stream().filter(m -> Annotations.has(m, SignalHandler.class)).toList();
    ParamChecker params = new ParamChecker(out);
    if (Annotations.has(node, Region.class)) {
      checkRegionSpec(node, out);
      for (ExecutableElement run : runs) {
        out.add(Diagnostic.on(run, Message.REGION_WITH_RUN, name));
      }
      for (ExecutableElement handler : handlers) {
        out.add(Diagnostic.on(handler, Message.REGION_HANDLER, name));
      }
      checkCount(node, named(methods, "count"), out);
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
      params.checkParentTypes(name);
    }
    for (ExecutableElement constructor : ElementFilter.constructorsIn(node.getEnclosedElements())) {
      if (constructor.getParameters().isEmpty()) {
        // the default factory, Node::new
        ParamChecker.noCheckedExceptions(constructor, name + "()", out);
      }
    }
    return out;
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
      out.add(Diagnostic.on(parent, Message.UNSUPPORTED_ITEM_TYPE, parent.asType(), ItemTypes.why(parent.asType())));
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
