package dev.sluice.processor.validate;

import dev.sluice.processor.diagnostics.Diagnostic;
import dev.sluice.processor.diagnostics.Message;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ElementKind;
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
 * <p>The test: the node is a class (a record has its canonical constructor already) that carries one
 * of Lombok's annotations that write a constructor with arguments, has fields that constructor would
 * take (not one with an initializer, which Lombok leaves out; for {@code @RequiredArgsConstructor} and
 * {@code @Data}, the final ones and those marked {@code @NonNull}), and has no constructor but javac's
 * default one. Without the Trees API an initializer cannot be seen, and the test is not made.
 */
public final class LombokOrder {
  /** Lombok's annotations whose constructor takes every instance field. */
  private static final Set<String> ALL_FIELDS =
      Set.of("lombok.AllArgsConstructor", "lombok.Value", "lombok.Builder");
  /** Lombok's annotations whose constructor takes the final fields. */
  private static final Set<String> FINAL_FIELDS = Set.of("lombok.RequiredArgsConstructor", "lombok.Data");

  private LombokOrder() {}

  public static Optional<Diagnostic> check(TypeElement node, Elements elements, Trees trees) {
    List<ExecutableElement> constructors = ElementFilter.constructorsIn(node.getEnclosedElements());
    if (node.getKind() != ElementKind.CLASS || constructors.size() != 1
        || elements.getOrigin(constructors.get(0)) != Elements.Origin.MANDATED) {
      return Optional.empty();
    }
    // the fields a Lombok constructor takes: instance fields without an initializer
    List<VariableElement> fields = new ArrayList<>();
    for (VariableElement f : ElementFilter.fieldsIn(node.getEnclosedElements())) {
      if (!f.getModifiers().contains(Modifier.STATIC)
          && trees.getTree(f) instanceof VariableTree v && v.getInitializer() == null) {
        fields.add(f);
      }
    }
    for (AnnotationMirror a : node.getAnnotationMirrors()) {
      String type = ((TypeElement) a.getAnnotationType().asElement()).getQualifiedName().toString();
      boolean takesFields = ALL_FIELDS.contains(type) ? !fields.isEmpty()
          : FINAL_FIELDS.contains(type) && fields.stream().anyMatch(f -> f.getModifiers().contains(Modifier.FINAL)
              || f.getAnnotationMirrors().stream().anyMatch(m -> m.getAnnotationType().asElement().getSimpleName()
                  .contentEquals("NonNull")));
      if (takesFields) {
        return Optional.of(Diagnostic.on(node, a, null, Message.LOMBOK_AFTER, type.substring("lombok.".length()),
            node.getSimpleName()));
      }
    }
    return Optional.empty();
  }
}
