package dev.sluice.processor.read;

import dev.sluice.processor.model.ItemType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/** Reads a {@link TypeMirror} as an {@link ItemType}, if it is one. */
public final class ItemTypes {
  private ItemTypes() {}

  /**
   * The item type of {@code type}: {@code int}, {@code long}, {@code float}, {@code double}, or a
   * non-generic record whose components are those; empty for anything else.
   */
  public static Optional<ItemType> of(TypeMirror type) {
    Optional<ItemType.Kind> primitive = primitiveKind(type);
    if (primitive.isPresent()) {
      return Optional.of(ItemType.primitive(primitive.get()));
    }
    if (type.getKind() != TypeKind.DECLARED) {
      return Optional.empty();
    }
    TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
    if (element.getKind() != ElementKind.RECORD || !element.getTypeParameters().isEmpty()) {
      return Optional.empty();
    }
    List<ItemType.Component> components = new ArrayList<>();
    for (RecordComponentElement component : element.getRecordComponents()) {
      Optional<ItemType.Kind> kind = primitiveKind(component.asType());
      if (kind.isEmpty()) {
        return Optional.empty();
      }
      components.add(new ItemType.Component(component.getSimpleName().toString(), kind.get()));
    }
    return Optional.of(ItemType.record(element, components));
  }

  /**
   * {@link #of}, for what flows on an edge (a source, a sink, a channel): a record needs at least one
   * component. A {@code @SignalTag} record may have none (a bare marker), so tags are read with {@link #of}.
   */
  public static Optional<ItemType> item(TypeMirror type) {
    return of(type).filter(t -> !t.isRecord() || !t.components().isEmpty());
  }

  /**
   * Why {@code type} is not an item type, as words to put after its name ({@code " (its component
   * 'ok' is a boolean)"}), or an empty string where the type itself says it (a class, a boolean).
   */
  public static String why(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return "";
    }
    TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
    String boxed = switch (element.getQualifiedName().toString()) {
      case "java.lang.Integer" -> "int";
      case "java.lang.Long" -> "long";
      case "java.lang.Float" -> "float";
      case "java.lang.Double" -> "double";
      default -> null;
    };
    if (boxed != null) {
      // Out<Integer> for IntOut is a newcomer's first guess (outside-in helper-72)
      String out = Character.toUpperCase(boxed.charAt(0)) + boxed.substring(1) + "Out";
      return " (the boxed " + boxed + ": take " + boxed + ", and push " + boxed + "s on " + ("aeiou".indexOf(out.toLowerCase(
          java.util.Locale.ROOT).charAt(0)) >= 0 ? "an " : "a ") + out + ", not an Out<" + element.getSimpleName() + ">)";
    }
    if (element.getKind() != ElementKind.RECORD) {
      // an enum or a class says what it is (outside-in helper-83)
      return " (" + notARecord(element).strip() + ")";
    }
    if (!element.getTypeParameters().isEmpty()) {
      return " (a record with type parameters: the generated code needs its components' types)";
    }
    for (RecordComponentElement component : element.getRecordComponents()) {
      if (primitiveKind(component.asType()).isEmpty()) {
        String t = component.asType().toString();
        return " (its component '" + component.getSimpleName() + "' is " + ("aeiou".indexOf(t.charAt(0)) >= 0 ? "an " : "a ")
            + t + ")";
      }
    }
    return element.getRecordComponents().isEmpty() ? " (a record with no components)" : "";
  }

  /**
   * What a refusal of {@code type} as an item type is about, where it is the type's own fault (a
   * record with a component of another type, an enum, a class), so that it is said once and not at
   * every use: the type's name; null for a fault of the use (a boxed primitive, a type variable).
   */
  public static String faultOf(TypeMirror type) {
    if (type == null || type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
    String name = element.getQualifiedName().toString();
    return name.startsWith("java.lang.") ? null : name;
  }

  /** What a type that is no record is, as " an enum", " a class, not a record" and the like. */
  public static String notARecord(TypeElement element) {
    return switch (element.getKind()) {
      case ENUM -> " an enum, not a record";
      case INTERFACE -> " an interface, not a record";
      case ANNOTATION_TYPE -> " an annotation type, not a record";
      default -> " a class, not a record";
    };
  }

  /** The item kind of a primitive {@code int}, {@code long}, {@code float} or {@code double}. */
  public static Optional<ItemType.Kind> primitiveKind(TypeMirror type) {
    return switch (type.getKind()) {
      case INT -> Optional.of(ItemType.Kind.INT);
      case LONG -> Optional.of(ItemType.Kind.LONG);
      case FLOAT -> Optional.of(ItemType.Kind.FLOAT);
      case DOUBLE -> Optional.of(ItemType.Kind.DOUBLE);
      default -> Optional.empty();
    };
  }

  /**
   * The canonical constructor {@code record} declares itself (compact or written out), if any: the
   * one whose parameter types are the components' and that javac did not supply. A record read from
   * a class file may report its implicit one so, which keeps every use of this on the safe side.
   */
  public static Optional<ExecutableElement> declaredCanonical(TypeElement record, Elements elements) {
    List<String> components = record.getRecordComponents().stream().map(c -> c.asType().toString()).toList();
    return ElementFilter.constructorsIn(record.getEnclosedElements()).stream()
        .filter(c -> elements.getOrigin(c) == Elements.Origin.EXPLICIT)
        .filter(c -> c.getParameters().stream().map(p -> p.asType().toString()).toList().equals(components))
        .findFirst();
  }
}
