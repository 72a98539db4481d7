package dev.sluice.processor.kernel;

import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.PrimitiveTypeTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.UnaryTree;
import java.util.function.Function;
import javax.lang.model.type.TypeKind;

/**
 * The value of a compile-time constant expression (JLS 15.29), worked out by Java's own operators.
 * javac folds such an expression and leaves some of its trees without a type ({@code (int) (42924L
 * >> 6)} inside {@code count}), so the translator, which reads types to keep Java's arithmetic in the
 * kernel, prints the folded value instead.
 */
final class ConstantFolder {
  private ConstantFolder() {}

  /**
   * The value of {@code e}, boxed ({@code Integer}, {@code Long}, {@code Float}, {@code Double},
   * {@code Boolean}; a {@code char}, {@code byte} or {@code short} as its own box), or null when it is
   * not a constant expression of primitives. {@code names} gives a constant variable's value, or null.
   */
  static Object value(ExpressionTree e, Function<ExpressionTree, Object> names) {
    switch (e.getKind()) {
      case INT_LITERAL, LONG_LITERAL, FLOAT_LITERAL, DOUBLE_LITERAL, BOOLEAN_LITERAL, CHAR_LITERAL:
        return ((LiteralTree) e).getValue();
      case PARENTHESIZED:
        return value(((ParenthesizedTree) e).getExpression(), names);
      case IDENTIFIER, MEMBER_SELECT: {
        Object v = names.apply(e);
        return v instanceof String ? null : v;
      }
      case TYPE_CAST: {
        TypeCastTree c = (TypeCastTree) e;
        Object v = value(c.getExpression(), names);
        return v == null || !(c.getType() instanceof PrimitiveTypeTree t) ? null : cast(v, t.getPrimitiveTypeKind());
      }
      case CONDITIONAL_EXPRESSION: {
        ConditionalExpressionTree c = (ConditionalExpressionTree) e;
        Object test = value(c.getCondition(), names);
        Object a = value(c.getTrueExpression(), names);
        Object b = value(c.getFalseExpression(), names);
        if (!(test instanceof Boolean t) || a == null || b == null) {
          return null;
        }
        if (a instanceof Boolean || b instanceof Boolean) {
          return t ? a : b;
        }
        // both operands take the promoted type (JLS 15.25, numeric operands)
        TypeKind k = promote(kind(a), kind(b));
        return cast(t ? a : b, k);
      }
      default:
        break;
    }
    if (e instanceof UnaryTree u) {
      Object v = value(u.getExpression(), names);
      return v == null ? null : unary(u.getKind(), v);
    }
    if (e instanceof BinaryTree b) {
      Object l = value(b.getLeftOperand(), names);
      Object r = value(b.getRightOperand(), names);
      return l == null || r == null ? null : binary(b.getKind(), l, r);
    }
    return null;
  }

  private static Object unary(Tree.Kind op, Object v) {
    if (v instanceof Boolean z) {
      return op == Tree.Kind.LOGICAL_COMPLEMENT ? !z : null;
    }
    TypeKind k = promote(kind(v), TypeKind.INT);
    Object p = cast(v, k);
    return switch (op) {
      case UNARY_PLUS -> p;
      case UNARY_MINUS -> switch (k) {
        case INT -> -(Integer) p;
        case LONG -> -(Long) p;
        case FLOAT -> -(Float) p;
        default -> -(Double) p;
      };
      // each arm boxed on its own: written as one conditional of an int and a Long, Java would promote the
      // int to long, and ~2147483647 would fold to a Long (expression fuzz seed 3027)
      case BITWISE_COMPLEMENT -> k == TypeKind.INT ? (Object) ~(Integer) p : k == TypeKind.LONG ? (Object) ~(Long) p : null;
      default -> null;
    };
  }

  private static Object binary(Tree.Kind op, Object l, Object r) {
    if (l instanceof Boolean a && r instanceof Boolean b) {
      return switch (op) {
        case CONDITIONAL_AND, AND -> a && b;
        case CONDITIONAL_OR, OR -> a || b;
        case XOR, NOT_EQUAL_TO -> a != b;
        case EQUAL_TO -> a == b;
        default -> null;
      };
    }
    if (l instanceof Boolean || r instanceof Boolean) {
      return null;
    }
    switch (op) {
      case LEFT_SHIFT, RIGHT_SHIFT, UNSIGNED_RIGHT_SHIFT: {
        // each operand is promoted on its own; the result has the left one's type
        TypeKind k = promote(kind(l), TypeKind.INT);
        long n = ((Number) cast(r, promote(kind(r), TypeKind.INT))).longValue();
        if (k == TypeKind.INT) {
          int a = (Integer) cast(l, k);
          int s = (int) n;
          return op == Tree.Kind.LEFT_SHIFT ? a << s : op == Tree.Kind.RIGHT_SHIFT ? a >> s : a >>> s;
        }
        if (k == TypeKind.LONG) {
          long a = (Long) cast(l, k);
          int s = (int) n;
          return op == Tree.Kind.LEFT_SHIFT ? a << s : op == Tree.Kind.RIGHT_SHIFT ? a >> s : a >>> s;
        }
        return null;
      }
      default:
        break;
    }
    TypeKind k = promote(kind(l), kind(r));
    Object a = cast(l, k);
    Object b = cast(r, k);
    switch (k) {
      case INT: {
        int x = (Integer) a;
        int y = (Integer) b;
        return switch (op) {
          case PLUS -> x + y;
          case MINUS -> x - y;
          case MULTIPLY -> x * y;
          case DIVIDE -> y == 0 ? null : x / y;
          case REMAINDER -> y == 0 ? null : x % y;
          case AND -> x & y;
          case OR -> x | y;
          case XOR -> x ^ y;
          case LESS_THAN -> x < y;
          case LESS_THAN_EQUAL -> x <= y;
          case GREATER_THAN -> x > y;
          case GREATER_THAN_EQUAL -> x >= y;
          case EQUAL_TO -> x == y;
          case NOT_EQUAL_TO -> x != y;
          default -> null;
        };
      }
      case LONG: {
        long x = (Long) a;
        long y = (Long) b;
        return switch (op) {
          case PLUS -> x + y;
          case MINUS -> x - y;
          case MULTIPLY -> x * y;
          case DIVIDE -> y == 0 ? null : x / y;
          case REMAINDER -> y == 0 ? null : x % y;
          case AND -> x & y;
          case OR -> x | y;
          case XOR -> x ^ y;
          case LESS_THAN -> x < y;
          case LESS_THAN_EQUAL -> x <= y;
          case GREATER_THAN -> x > y;
          case GREATER_THAN_EQUAL -> x >= y;
          case EQUAL_TO -> x == y;
          case NOT_EQUAL_TO -> x != y;
          default -> null;
        };
      }
      case FLOAT: {
        float x = (Float) a;
        float y = (Float) b;
        return switch (op) {
          case PLUS -> x + y;
          case MINUS -> x - y;
          case MULTIPLY -> x * y;
          case DIVIDE -> x / y;
          case REMAINDER -> x % y;
          case LESS_THAN -> x < y;
          case LESS_THAN_EQUAL -> x <= y;
          case GREATER_THAN -> x > y;
          case GREATER_THAN_EQUAL -> x >= y;
          case EQUAL_TO -> x == y;
          case NOT_EQUAL_TO -> x != y;
          default -> null;
        };
      }
      default: {
        double x = (Double) a;
        double y = (Double) b;
        return switch (op) {
          case PLUS -> x + y;
          case MINUS -> x - y;
          case MULTIPLY -> x * y;
          case DIVIDE -> x / y;
          case REMAINDER -> x % y;
          case LESS_THAN -> x < y;
          case LESS_THAN_EQUAL -> x <= y;
          case GREATER_THAN -> x > y;
          case GREATER_THAN_EQUAL -> x >= y;
          case EQUAL_TO -> x == y;
          case NOT_EQUAL_TO -> x != y;
          default -> null;
        };
      }
    }
  }

  private static TypeKind kind(Object v) {
    if (v instanceof Integer) {
      return TypeKind.INT;
    }
    if (v instanceof Long) {
      return TypeKind.LONG;
    }
    if (v instanceof Float) {
      return TypeKind.FLOAT;
    }
    if (v instanceof Double) {
      return TypeKind.DOUBLE;
    }
    if (v instanceof Character) {
      return TypeKind.CHAR;
    }
    if (v instanceof Short) {
      return TypeKind.SHORT;
    }
    if (v instanceof Byte) {
      return TypeKind.BYTE;
    }
    return TypeKind.BOOLEAN;
  }

  /** Binary numeric promotion (JLS 5.6). */
  private static TypeKind promote(TypeKind a, TypeKind b) {
    if (a == TypeKind.DOUBLE || b == TypeKind.DOUBLE) {
      return TypeKind.DOUBLE;
    }
    if (a == TypeKind.FLOAT || b == TypeKind.FLOAT) {
      return TypeKind.FLOAT;
    }
    if (a == TypeKind.LONG || b == TypeKind.LONG) {
      return TypeKind.LONG;
    }
    return TypeKind.INT;
  }

  /** {@code v} converted to {@code k} as a Java cast does (JLS 5.1.2, 5.1.3). */
  static Object cast(Object v, TypeKind k) {
    if (v instanceof Boolean) {
      return k == TypeKind.BOOLEAN ? v : null;
    }
    Number n = v instanceof Character c ? Integer.valueOf(c) : (Number) v;
    boolean integral = n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte;
    return switch (k) {
      // a floating value narrows through long (or int) with Java's saturation and NaN to 0
      case INT -> integral ? n.intValue() : (Object) (int) n.doubleValue();
      case LONG -> integral ? n.longValue() : (Object) (long) n.doubleValue();
      case SHORT -> integral ? n.shortValue() : (Object) (short) (int) n.doubleValue();
      case BYTE -> integral ? n.byteValue() : (Object) (byte) (int) n.doubleValue();
      case CHAR -> (char) (integral ? n.intValue() : (int) n.doubleValue());
      // long to float rounds once (Java's (float) longValue), not through double
      case FLOAT -> n instanceof Long l ? (Object) (float) l : (Object) n.floatValue();
      case DOUBLE -> n.doubleValue();
      default -> null;
    };
  }
}
