package dev.sluice.processor.model;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;

/**
 * One {@code @From} value as written ({@code "digits"} or {@code "classify.accepted"}), with its
 * annotation and value for diagnostics.
 */
public record InputRef(String text, AnnotationMirror annotation, AnnotationValue value) {

  /** The stage part of the reference. */
  public String stage() {
    int dot = text.indexOf('.');
    return dot < 0 ? text : text.substring(0, dot);
  }

  /** The channel part of the reference, or {@code null} when only a stage is named. */
  public String channel() {
    int dot = text.indexOf('.');
    return dot < 0 ? null : text.substring(dot + 1);
  }
}
