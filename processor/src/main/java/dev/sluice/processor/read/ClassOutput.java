package dev.sluice.processor.read;

import java.io.IOException;
import java.io.InputStream;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.tools.StandardLocation;

/**
 * This compilation's class output, as the processor can read it: whether a class read from a class
 * file is one an earlier build wrote there (the module's own class, compiled before this compilation:
 * a build of the changed files only), rather than one from a jar or another module.
 */
public final class ClassOutput {
  private final Filer filer;
  private final Elements elements;

  private ClassOutput(Filer filer, Elements elements) {
    this.filer = filer;
    this.elements = elements;
  }

  public static ClassOutput of(ProcessingEnvironment env) {
    return new ClassOutput(env.getFiler(), env.getElementUtils());
  }

  /** Whether the class output holds {@code type}'s class file. */
  public boolean holds(TypeElement type) {
    String pkg = Packages.nameOf(type);
    String binary = elements.getBinaryName(type).toString();
    String file = (pkg.isEmpty() ? binary : binary.substring(pkg.length() + 1)) + ".class";
    try (InputStream in = filer.getResource(StandardLocation.CLASS_OUTPUT, pkg, file).openInputStream()) {
      return in != null;
    } catch (IOException | IllegalArgumentException | UnsupportedOperationException e) {
      // not there, or an output that cannot be read back
      return false;
    }
  }
}
