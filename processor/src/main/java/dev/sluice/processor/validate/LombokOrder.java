package dev.sluice.processor.validate;

import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * A node whose constructor Lombok has yet to write. Lombok adds constructors to a class while javac
 * processes annotations; listed after {@code sluice-processor} in {@code annotationProcessorPaths} (or
 * not listed there, so that it never runs), it has not run when the processor reads the node, which
 * then has only the default constructor javac made, and the generated factory
 * ({@code Node::new}) fails to compile against the constructor Lombok writes instead (outside-in
 * helper-91). Such a node gets one error that says to list Lombok first.
 *
 * <p>The test: the node carries one of Lombok's annotations that write a constructor with arguments,
 * has fields that constructor would take, and has no constructor but javac's default one.
 */
public final class LombokOrder {
  /** Lombok's annotations whose constructor takes every instance field. */
  private static final Set<String> ALL_FIELDS =
      Set.of("lombok.AllArgsConstructor", "lombok.Value", "lombok.Builder");
  /** Lombok's annotations whose constructor takes the final fields. */
  private static final Set<String> FINAL_FIELDS = Set.of("lombok.RequiredArgsConstructor", "lombok.Data");

  private LombokOrder() {}

  public static Optional<Diagnostic> check(TypeElement node, Elements elements) {
    List<ExecutableElement> constructors = ElementFilter.constructorsIn(node.getEnclosedElements());
    if (constructors.size() != 1 || elements.getOrigin(constructors.get(0)) != Elements.Origin.MANDATED) {
      return Optional.empty();
    }
    List<VariableElement> fields = ElementFilter.fieldsIn(node.getEnclosedElements()).stream()
        .filter(f -> !f.getModifiers().contains(Modifier.STATIC)).toList();
    for (AnnotationMirror a : node.getAnnotationMirrors()) {
      String type = ((TypeElement) a.getAnnotationType().asElement()).getQualifiedName().toString();
      boolean takesFields = ALL_FIELDS.contains(type) ? !fields.isEmpty()
          : FINAL_FIELDS.contains(type) && fields.stream().anyMatch(f -> f.getModifiers().contains(Modifier.FINAL));
      if (takesFields) {
        return Optional.of(Diagnostic.on(node, a, null, Message.LOMBOK_AFTER, type.substring("lombok.".length()),
            node.getSimpleName()));
      }
    }
    return Optional.empty();
  }
}
