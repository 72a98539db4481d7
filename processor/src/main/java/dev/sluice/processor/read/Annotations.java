package dev.sluice.processor.read;

import java.lang.annotation.Annotation;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/** Finds annotation mirrors and their explicitly written values (for diagnostics). */
public final class Annotations {
  private Annotations() {}

  /** The mirror of an annotation on an element. */
  public static Optional<AnnotationMirror> mirror(Element element, Class<? extends Annotation> type) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      TypeElement annotation = (TypeElement) mirror.getAnnotationType().asElement();
      if (annotation.getQualifiedName().contentEquals(type.getCanonicalName())) {
        return Optional.of(mirror);
      }
    }
    return Optional.empty();
  }

  public static boolean has(Element element, Class<? extends Annotation> type) {
    return mirror(element, type).isPresent();
  }

  /** The value of {@code name} as written, or empty when it takes its default. */
  public static Optional<AnnotationValue> value(AnnotationMirror mirror, String name) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
        mirror.getElementValues().entrySet()) {
      if (e.getKey().getSimpleName().contentEquals(name)) {
        return Optional.of(e.getValue());
      }
    }
    return Optional.empty();
  }

  /** The elements of an array-valued member as written (a single value counts as one element). */
  @SuppressWarnings("unchecked")
  public static List<AnnotationValue> arrayValue(AnnotationMirror mirror, String name) {
    return value(mirror, name)
        .map(v -> v.getValue() instanceof List<?> list ? (List<AnnotationValue>) list : List.of(v))
        .orElse(List.of());
  }
}
