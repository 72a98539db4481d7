package dev.sluice.processor.read;

import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;

/** The package an element is in: the one walk up its enclosing elements that every part uses. */
public final class Packages {
  private Packages() {}

  /** The package of {@code e} (a type, a nested type, a field or a method). */
  public static PackageElement of(Element e) {
    while (!(e instanceof PackageElement)) {
      e = e.getEnclosingElement();
    }
    return (PackageElement) e;
  }

  /** The qualified name of the package of {@code e}; empty for the unnamed package. */
  public static String nameOf(Element e) {
    return of(e).getQualifiedName().toString();
  }
}
