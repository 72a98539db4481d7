package dev.sluice.processor.diagnostics;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.Messager;

/**
 * Prints diagnostics to the {@link Messager} (or through Trees for body sites) and counts errors. A
 * diagnostic with the same text at the same place as one printed before is not printed again: two
 * checks that meet one construct (an expression both allocating and naming an object, say) say it
 * once; nor is one about the same subject as one printed before ({@link Diagnostic#oncePer}).
 */
public final class Reporter {
  private final Messager messager;
  private int errors;
  private final Set<List<Object>> printed = new HashSet<>();

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
    // a body site by its file and offset (a declaration and its type start at one offset), else the element
    List<Object> key = d.body() != null
        ? List.of(new IdentityKey(d.body().unit()),
            d.body().trees().getSourcePositions().getStartPosition(d.body().unit(), d.body().tree()), d.text())
        : java.util.Arrays.asList(new IdentityKey(d.element()), new IdentityKey(d.annotation()),
            new IdentityKey(d.value()), d.text());
    if (!printed.add(key) || d.once() != null && !printed.add(List.of(d.message(), d.once()))) {
      return;
    }
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

  /** Compares by identity: trees and elements, whose equals may be their text. */
  private record IdentityKey(Object o) {
    @Override
    public boolean equals(Object other) {
      return other instanceof IdentityKey k && k.o == o;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(o);
    }
  }

  /** Errors printed so far. */
  public int errorCount() {
    return errors;
  }
}
