package dev.sluice.processor.diagnostics;

import java.util.Arrays;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * One problem found by a validator, on the most precise site: an element, optionally one of its
 * annotations and a value of it, or a statement in a method body ({@link BodySite}).
 */
public record Diagnostic(
    Message message, List<Object> args, Element element, AnnotationMirror annotation, AnnotationValue value,
    BodySite body, String note, Object once) {

  public static Diagnostic on(Element element, Message message, Object... args) {
    return new Diagnostic(message, Arrays.asList(args), element, null, null, null, null, null);
  }

  public static Diagnostic on(
      Element element, AnnotationMirror annotation, AnnotationValue value, Message message, Object... args) {
    return new Diagnostic(message, Arrays.asList(args), element, annotation, value, null, null, null);
  }

  public static Diagnostic in(BodySite body, Element method, Message message, Object... args) {
    return new Diagnostic(message, Arrays.asList(args), method, null, null, body, null, null);
  }

  /**
   * This diagnostic reported on {@code where} instead, with {@code note} after its text: for an element
   * that has no source in the compilation (a class from the class path), where javac would print no
   * file and no line.
   */
  public Diagnostic movedTo(Element where, String note) {
    return new Diagnostic(message, args, where, null, null, null, note, once);
  }

  /** This diagnostic at the same site, with {@code more} after its text (and after any note it has). */
  public Diagnostic noted(String more) {
    return new Diagnostic(message, args, element, annotation, value, body, note == null ? more : note + more, once);
  }

  /**
   * This diagnostic, printed only at the first site among those with its message and {@code subject}
   * (null: at every site): a fault of one type, such as a record with a component of an unsupported
   * type, is said once, not at every use of the type.
   */
  public Diagnostic oncePer(Object subject) {
    return new Diagnostic(message, args, element, annotation, value, body, note, subject);
  }

  public boolean isError() {
    return message.kind() == javax.tools.Diagnostic.Kind.ERROR;
  }

  /** The printed text, starting with {@code [SLUnnn] }. */
  public String text() {
    return note == null ? message.text(args.toArray()) : message.text(args.toArray()) + note;
  }
}
