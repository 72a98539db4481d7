package dev.sluice.processor.validate;

import dev.sluice.processor.read.Packages;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;

/** Whether a type can be named from generated code in a given package. */
final class Accessibility {
  private Accessibility() {}

  /**
   * Why {@code type} cannot be used from a top-level class in {@code fromPackage}, or empty if it
   * can.
   */
  static Optional<String> problem(TypeElement type, String fromPackage) {
    String typePackage = Packages.of(type).getQualifiedName().toString();
    boolean samePackage = typePackage.equals(fromPackage);
    for (Element e = type; e instanceof TypeElement t; e = e.getEnclosingElement()) {
      Element outer = t.getEnclosingElement();
      if (!(outer instanceof TypeElement) && !(outer instanceof PackageElement)) {
        return Optional.of(name(t) + " is a local class; declare it in a file of its own or as a static nested class");
      }
      if (t.getModifiers().contains(Modifier.PRIVATE)) {
        return Optional.of(name(t) + " is private; " + (samePackage ? "make it package-private" : "make it public"));
      }
      if (outer instanceof TypeElement
          && t.getKind() == ElementKind.CLASS
          && !t.getModifiers().contains(Modifier.STATIC)) {
        return Optional.of(name(t) + " is an inner class; make it static");
      }
      if (!samePackage && !t.getModifiers().contains(Modifier.PUBLIC)) {
        return Optional.of(name(t) + " is not public and is in package '" + typePackage + "'; make it public");
      }
    }
    return Optional.empty();
  }

  private static String name(TypeElement t) {
    return t.getSimpleName().toString();
  }
}
