package dev.sluice.processor.validate;

import dev.sluice.Aggregate;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Param;
import dev.sluice.Parent;
import dev.sluice.Reduce;
import dev.sluice.Region;
import dev.sluice.SignalHandler;
import dev.sluice.State;
import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import dev.sluice.processor.read.Annotations;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;

/**
 * Sluice's annotations for the members of a node ({@code @Param}, {@code @State}, {@code @Reduce},
 * {@code @SignalHandler}, {@code @Parent}, {@code @Aggregate}, {@code @Max}) and {@code @Region}, on
 * a class that is not a {@code @Node}: nothing reads them there, so a class that lost its
 * {@code @Node} (or never had it) would compile and do nothing of what they say. Each is reported on
 * the annotation, once, in the round its element appears.
 */
public final class StrayAnnotations {
  private StrayAnnotations() {}

  private static final List<Class<? extends Annotation>> NODE_ONLY = List.of(Region.class, Param.class, State.class,
      Reduce.class, SignalHandler.class, Parent.class, Aggregate.class, Max.class);

  /**
   * The stray annotations of {@code round}; none on a class for which {@code unresolvedAnnotation} holds
   * (its {@code @Node} may be written but not resolve: a missing import, which javac reports).
   */
  public static List<Diagnostic> find(RoundEnvironment round, Predicate<Element> unresolvedAnnotation) {
    List<Diagnostic> out = new ArrayList<>();
    for (Class<? extends Annotation> type : NODE_ONLY) {
      for (Element e : round.getElementsAnnotatedWith(type)) {
        TypeElement owner = owner(e);
        if (owner != null && !Annotations.has(owner, Node.class) && !unresolvedAnnotation.test(owner)) {
          // a node is a class: a record, an enum or an interface cannot become one
          String remedy = owner.getKind() == ElementKind.CLASS ? "add @Node to the class, or remove the annotation"
              : "remove the annotation (" + owner.getSimpleName() + " is " + switch (owner.getKind()) {
                case RECORD -> "a record";
                case ENUM -> "an enum";
                case ANNOTATION_TYPE -> "an annotation type";
                default -> "an interface";
              } + ", which cannot be a node)";
          Annotations.mirror(e, type).ifPresent(m -> out.add(Diagnostic.on(e, m, null, Message.NOT_IN_A_NODE,
              type.getSimpleName(), e.getKind().toString().toLowerCase(java.util.Locale.ROOT).replace('_', ' '),
              e.getSimpleName(), owner.getQualifiedName(), remedy)));
        }
      }
    }
    return out;
  }

  /** The class {@code e} is a member of (itself for a class; a parameter's method's class). */
  private static TypeElement owner(Element e) {
    for (Element at = e; at != null; at = at.getEnclosingElement()) {
      if (at instanceof TypeElement t) {
        return t;
      }
    }
    return null;
  }
}
