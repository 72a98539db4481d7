package dev.sluice.processor.read;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ModifiersTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The annotations written on a declaration, read from its source. javac 17 leaves an annotation whose
 * type does not resolve (a missing import of {@code @Node}, {@code @Parent}, {@code @From}) out of the
 * element's mirrors altogether, where later javacs and Eclipse's compiler give it with an error type:
 * without the source, such a declaration looks like one that lacks the annotation, and the user got a
 * Sluice error about a pipeline they did not write before javac's "cannot find symbol" (outside-in
 * helper-85).
 */
public final class WrittenAnnotations {
  private final Optional<Trees> trees;

  public WrittenAnnotations(Optional<Trees> trees) {
    this.trees = trees;
  }

  /**
   * Whether an annotation written on {@code e} (a class, method, field or parameter) names a type that
   * does not resolve; false where the source cannot be read.
   */
  public boolean unresolved(Element e) {
    if (trees.isEmpty()) {
      return false;
    }
    TreePath path = trees.get().getPath(e);
    if (path == null) {
      return false;
    }
    ModifiersTree modifiers = modifiers(path.getLeaf());
    if (modifiers == null) {
      return false;
    }
    TreePath at = new TreePath(path, modifiers);
    for (AnnotationTree a : modifiers.getAnnotations()) {
      TypeMirror type = trees.get().getTypeMirror(new TreePath(new TreePath(at, a), a.getAnnotationType()));
      if (type != null && type.getKind() == TypeKind.ERROR) {
        return true;
      }
    }
    return false;
  }

  /** The modifiers tree of a class, method or field declaration, or null. */
  static ModifiersTree modifiers(Tree t) {
    if (t instanceof ClassTree c) {
      return c.getModifiers();
    }
    if (t instanceof MethodTree m) {
      return m.getModifiers();
    }
    if (t instanceof VariableTree v) {
      return v.getModifiers();
    }
    return null;
  }
}
