package dev.sluice.processor.diagnostics;

import java.util.Collection;
import javax.annotation.processing.Messager;

/** Prints diagnostics to the {@link Messager} (or through Trees for body sites) and counts errors. */
public final class Reporter {
  private final Messager messager;
  private int errors;

  public Reporter(Messager messager) {
    this.messager = messager;
  }

  /** Prints every diagnostic; returns whether any was an error. */
  public boolean report(Collection<Diagnostic> diagnostics) {
    boolean error = false;
    for (Diagnostic d : diagnostics) {
      report(d);
      error |= d.isError();
    }
    return error;
  }

  public void report(Diagnostic d) {
    if (d.isError()) {
      errors++;
    }
    if (d.body() != null) {
      BodySite site = d.body();
      site.trees().printMessage(d.message().kind(), d.text(), site.tree(), site.unit());
    } else if (d.value() != null) {
      messager.printMessage(d.message().kind(), d.text(), d.element(), d.annotation(), d.value());
    } else if (d.annotation() != null) {
      messager.printMessage(d.message().kind(), d.text(), d.element(), d.annotation());
    } else if (d.element() != null) {
      messager.printMessage(d.message().kind(), d.text(), d.element());
    } else {
      messager.printMessage(d.message().kind(), d.text());
    }
  }

  /** Errors printed so far. */
  public int errorCount() {
    return errors;
  }
}
