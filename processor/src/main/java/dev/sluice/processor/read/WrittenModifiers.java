package dev.sluice.processor.read;

import com.sun.source.tree.ModifiersTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;

/**
 * The modifiers of a declaration as its source has them now. Another processor may change them in the
 * syntax tree after javac entered the class (Lombok's {@code @FieldDefaults} and {@code @Value} make
 * fields private and final, and a class final), and the element keeps the ones javac read first: the
 * access checks read the element's modifiers with the tree's added, so that a field made private is
 * refused here, by name, instead of failing inside the generated code (outside-in helper-91).
 */
public final class WrittenModifiers {
  private final Optional<Trees> trees;

  public WrittenModifiers(Optional<Trees> trees) {
    this.trees = trees;
  }

  /** {@code e}'s modifiers, with those its declaration's tree has beside them. */
  public Set<Modifier> of(Element e) {
    Set<Modifier> out = EnumSet.noneOf(Modifier.class);
    out.addAll(e.getModifiers());
    if (trees.isPresent()) {
      TreePath path = trees.get().getPath(e);
      ModifiersTree written = path == null ? null : WrittenAnnotations.modifiers(path.getLeaf());
      if (written != null) {
        out.addAll(written.getFlags());
      }
    }
    return out;
  }

  public boolean has(Element e, Modifier m) {
    return of(e).contains(m);
  }

  /**
   * {@code "private"} for a private {@code e}, naming the processor's hand where the source as javac
   * entered it did not say so (the user wrote no {@code private} there).
   */
  public String privateWord(Element e) {
    return e.getModifiers().contains(Modifier.PRIVATE) ? "private"
        : "private (made so by another annotation processor, as Lombok's @FieldDefaults and @Value do)";
  }

  /**
   * Nothing for a {@code final} the source as javac entered it says, else where the {@code final} came
   * from and how to keep the field off it (Lombok's {@code @NonFinal}).
   */
  public String finalSource(Element e) {
    return e.getModifiers().contains(Modifier.FINAL) ? ""
        : " (made so by another annotation processor, as Lombok's @FieldDefaults(makeFinal = true) and @Value do;"
            + " mark the field @lombok.experimental.NonFinal)";
  }
}
