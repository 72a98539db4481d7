package dev.sluice.processor.read;

import dev.sluice.processor.model.ItemType;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/** Classifies a node method parameter's type: an output channel, a {@code Raise}, or other. */
public final class ParamTypes {
  private ParamTypes() {}

  /** What a parameter type is. */
  public enum Shape {
    /** {@code IntOut}, {@code LongOut}, {@code FloatOut}, {@code DoubleOut} or {@code Out<T>}. */
    CHANNEL,
    /** {@code Raise<T>}. */
    RAISE,
    /** Anything else (an item, a parent, or an unknown type). */
    OTHER
  }

  /**
   * A classified parameter type.
   *
   * @param shape the shape
   * @param type the channel's or raised tag's item type; empty if the type argument is missing or
   *     unsupported (or for OTHER)
   * @param argument the type argument of {@code Out<T>}/{@code Raise<T>}, or {@code null}
   */
  public record ParamType(Shape shape, Optional<ItemType> type, TypeMirror argument) {}

  /** Classifies {@code type}. */
  public static ParamType classify(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return new ParamType(Shape.OTHER, Optional.empty(), null);
    }
    DeclaredType declared = (DeclaredType) type;
    String name = ((TypeElement) declared.asElement()).getQualifiedName().toString();
    List<? extends TypeMirror> args = declared.getTypeArguments();
    TypeMirror arg = args.size() == 1 ? args.get(0) : null;
    return switch (name) {
      case "dev.sluice.IntOut" -> channel(ItemType.INT);
      case "dev.sluice.LongOut" -> channel(ItemType.LONG);
      case "dev.sluice.FloatOut" -> channel(ItemType.FLOAT);
      case "dev.sluice.DoubleOut" -> channel(ItemType.DOUBLE);
      case "dev.sluice.Out" -> new ParamType(Shape.CHANNEL, arg == null ? Optional.empty() : ItemTypes.item(arg), arg);
      case "dev.sluice.Raise" -> new ParamType(Shape.RAISE, arg == null ? Optional.empty() : ItemTypes.of(arg), arg);
      default -> new ParamType(Shape.OTHER, Optional.empty(), null);
    };
  }

  private static ParamType channel(ItemType type) {
    return new ParamType(Shape.CHANNEL, Optional.of(type), null);
  }
}
