package dev.sluice.processor.model;

import java.util.List;
import java.util.Objects;
import javax.lang.model.element.TypeElement;

/**
 * A type that can travel through a pipeline: {@code int}, {@code long}, {@code float},
 * {@code double}, or a record whose components are those ({@link Kind#RECORD}). Two item types are
 * equal when their kind and qualified name are equal (the {@link TypeElement} is kept only for
 * diagnostics and originating elements).
 *
 * @param kind the primitive kind, or {@link Kind#RECORD}
 * @param qualifiedName the record's canonical name; {@code null} for primitives
 * @param element the record's element; {@code null} for primitives
 * @param components the record's components in declaration order; empty for primitives
 */
public record ItemType(Kind kind, String qualifiedName, TypeElement element, List<Component> components) {

  /** The four primitive kinds, and records of them. */
  public enum Kind {
    INT("int"),
    LONG("long"),
    FLOAT("float"),
    DOUBLE("double"),
    RECORD(null);

    private final String keyword;

    Kind(String keyword) {
      this.keyword = keyword;
    }

    /** The Java keyword of a primitive kind; {@code null} for {@link #RECORD}. */
    public String keyword() {
      return keyword;
    }
  }

  /** One record component: its accessor name and primitive kind. */
  public record Component(String name, Kind kind) {
    public Component {
      Objects.requireNonNull(name);
      if (kind == Kind.RECORD) {
        throw new IllegalArgumentException("record components are primitive: " + name);
      }
    }
  }

  public static final ItemType INT = new ItemType(Kind.INT, null, null, List.of());
  public static final ItemType LONG = new ItemType(Kind.LONG, null, null, List.of());
  public static final ItemType FLOAT = new ItemType(Kind.FLOAT, null, null, List.of());
  public static final ItemType DOUBLE = new ItemType(Kind.DOUBLE, null, null, List.of());

  public ItemType {
    Objects.requireNonNull(kind);
    components = List.copyOf(components);
    if ((kind == Kind.RECORD) != (qualifiedName != null)) {
      throw new IllegalArgumentException("only records have a name: " + kind + " " + qualifiedName);
    }
  }

  /** The item type of one primitive kind. */
  public static ItemType primitive(Kind kind) {
    return switch (kind) {
      case INT -> INT;
      case LONG -> LONG;
      case FLOAT -> FLOAT;
      case DOUBLE -> DOUBLE;
      case RECORD -> throw new IllegalArgumentException("not primitive");
    };
  }

  /** A record item type. */
  public static ItemType record(TypeElement element, List<Component> components) {
    return new ItemType(Kind.RECORD, element.getQualifiedName().toString(), element, components);
  }

  /** The Java spelling: {@code "int"} or the record's canonical name ({@code "com.x.Line"}). */
  public String javaName() {
    return isRecord() ? qualifiedName : kind.keyword();
  }

  /** The simple name: {@code "int"} or {@code "Line"}. */
  public String simpleName() {
    return isRecord() ? qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1) : kind.keyword();
  }

  public boolean isRecord() {
    return kind == Kind.RECORD;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ItemType t && t.kind == kind && Objects.equals(t.qualifiedName, qualifiedName);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, qualifiedName);
  }

  @Override
  public String toString() {
    return javaName();
  }
}
