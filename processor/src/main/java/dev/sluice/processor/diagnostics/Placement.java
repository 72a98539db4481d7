package dev.sluice.processor.diagnostics;

import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/**
 * Where a pipeline's diagnostics are printed when the element they are about is not in the
 * pipeline's own file. javac prints a diagnostic on an element of a class file (a node from a jar or
 * another module) with no file and no line, so such a diagnostic is moved to the stage method that
 * uses the class, naming it. One on a node class in another source file stays there and names the
 * pipeline, since a node used by two pipelines may be wrong in one of them only.
 */
public final class Placement {
  /** javac's Trees, which tell an element with source in the compilation; empty under other compilers. */
  private final Optional<Trees> trees;

  public Placement(Optional<Trees> trees) {
    this.trees = trees;
  }

  /** Whether {@code e} has no source in this compilation (it was read from a class file), as javac can tell. */
  public boolean compiledElsewhere(Element e) {
    return trees.isPresent() && trees.get().getPath(e) == null;
  }

  /** The note after a diagnostic moved from {@code type}, compiled elsewhere, to the stage {@code usedAt}. */
  public static String elsewhereNote(TypeElement type, ExecutableElement usedAt) {
    return " (" + (type.getKind() == ElementKind.RECORD ? "record " : "node class ") + type.getQualifiedName()
        + ", which stage " + usedAt.getSimpleName() + "() uses, is compiled elsewhere: its problems are shown here)";
  }

  /** {@code found}, each diagnostic placed as this class says, in order. */
  public List<Diagnostic> placed(TypeElement pipeline, List<Diagnostic> found) {
    List<Diagnostic> out = new ArrayList<>(found.size());
    for (Diagnostic d : found) {
      TypeElement holder = d.body() != null || d.element() == null ? null : enclosingType(d.element());
      if (holder == null || outermost(holder).equals(outermost(pipeline))) {
        out.add(d);
      } else if (compiledElsewhere(d.element())) {
        ExecutableElement stage = stageOf(pipeline, holder);
        out.add(stage != null ? d.movedTo(stage, elsewhereNote(holder, stage))
            : d.movedTo(pipeline, " (" + holder.getQualifiedName() + " is compiled elsewhere: shown on the pipeline)"));
      } else {
        out.add(d.noted(" (pipeline " + pipeline.getQualifiedName() + ")"));
      }
    }
    return out;
  }

  /** The element itself if it is a type, else the type that declares it. */
  private static TypeElement enclosingType(Element e) {
    Element at = e;
    while (at != null && !(at instanceof TypeElement)) {
      at = at.getEnclosingElement();
    }
    return (TypeElement) at;
  }

  private static TypeElement outermost(TypeElement type) {
    TypeElement top = type;
    while (top.getEnclosingElement() instanceof TypeElement t) {
      top = t;
    }
    return top;
  }

  /**
   * The first stage method of {@code pipeline} whose node class is {@code type}, else the first whose
   * node has a method taking {@code type} (an item record, {@code Out<Hidden>}); null if none.
   */
  private static ExecutableElement stageOf(TypeElement pipeline, TypeElement type) {
    ExecutableElement taking = null;
    for (Element member : pipeline.getEnclosedElements()) {
      if (member instanceof ExecutableElement stage && stage.getReturnType() instanceof DeclaredType t
          && t.asElement() instanceof TypeElement node) {
        if (node.equals(type)) {
          return stage;
        }
        if (taking == null && takes(node, type)) {
          taking = stage;
        }
      }
    }
    return taking;
  }

  private static boolean takes(TypeElement node, TypeElement type) {
    for (Element e : node.getEnclosedElements()) {
      if (e instanceof ExecutableElement m) {
        for (VariableElement p : m.getParameters()) {
          if (mentions(p.asType(), type)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Whether {@code t} is {@code type}, an array of it, or has it as a type argument. */
  private static boolean mentions(TypeMirror t, TypeElement type) {
    if (t instanceof ArrayType a) {
      return mentions(a.getComponentType(), type);
    }
    return t instanceof DeclaredType d
        && (d.asElement().equals(type) || d.getTypeArguments().stream().anyMatch(x -> mentions(x, type)));
  }
}
