package dev.sluice.processor.model;

import dev.sluice.ReduceOp;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;

/**
 * An instance field of a node (OP2's access modes).
 *
 * @param element the field
 * @param name its name
 * @param kind PARAM (read-only), STATE (per instance, written in handlers) or REDUCE
 * @param op the operator of a REDUCE field, else {@code null}
 * @param primitive the primitive kind of the field, or of the array's elements
 * @param array whether it is a primitive array (PARAM only)
 */
public record FieldModel(
    VariableElement element, String name, Kind kind, ReduceOp op, TypeKind primitive, boolean array) {

  /** The three field roles. */
  public enum Kind {
    PARAM,
    STATE,
    REDUCE
  }

  public FieldModel {
    if ((kind == Kind.REDUCE) != (op != null)) {
      throw new IllegalArgumentException("op only for REDUCE fields: " + name);
    }
    if (!primitive.isPrimitive()) {
      throw new IllegalArgumentException("not primitive: " + primitive);
    }
  }

  /** The Java spelling of the field type, e.g. {@code "byte[]"} or {@code "int"}. */
  public String typeName() {
    return primitive.name().toLowerCase(java.util.Locale.ROOT) + (array ? "[]" : "");
  }
}
