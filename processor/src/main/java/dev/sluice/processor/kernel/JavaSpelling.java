package dev.sluice.processor.kernel;

import com.sun.source.tree.Tree;
import java.util.List;

/**
 * How Java source spells a constant, an operator and a {@code for} loop's declarators, as the translator prints them
 * (and the body checker's messages quote them).
 */
public final class JavaSpelling {
  private JavaSpelling() {}

  /** A literal in Java source form; char values become ints. */
  static String literal(Object value) {
    if (value instanceof Character c) {
      return String.valueOf((int) c);
    }
    if (value instanceof Long l) {
      // a call: javac would fold any constant spelling back into the one Aparapi prints (JavaArithmetic.smallestL)
      return l == Long.MIN_VALUE ? KernelNames.ARITH + ".smallestL()" : l + "L";
    }
    if (value instanceof Float f) {
      if (f.isNaN()) {
        return "(0.0f / 0.0f)";
      }
      if (f.isInfinite()) {
        return f > 0 ? "(1.0f / 0.0f)" : "(-1.0f / 0.0f)";
      }
      return f + "f";
    }
    if (value instanceof Double d) {
      if (d.isNaN()) {
        return "(0.0 / 0.0)";
      }
      if (d.isInfinite()) {
        return d > 0 ? "(1.0 / 0.0)" : "(-1.0 / 0.0)";
      }
      String s = d.toString();
      return s.contains(".") || s.contains("E") ? s : s + ".0";
    }
    if (value instanceof Integer i && i == Integer.MIN_VALUE) {
      return KernelNames.ARITH + ".smallestI()";
    }
    if (value instanceof Byte || value instanceof Short) {
      return "(" + (value instanceof Byte ? "byte" : "short") + ") " + value;
    }
    return String.valueOf(value);
  }

  /** The operator of a binary or compound-assignment tree. */
  public static String operator(Tree.Kind kind) {
    return switch (kind) {
      case PLUS, PLUS_ASSIGNMENT -> "+";
      case MINUS, MINUS_ASSIGNMENT -> "-";
      case MULTIPLY, MULTIPLY_ASSIGNMENT -> "*";
      case DIVIDE, DIVIDE_ASSIGNMENT -> "/";
      case REMAINDER, REMAINDER_ASSIGNMENT -> "%";
      case LEFT_SHIFT, LEFT_SHIFT_ASSIGNMENT -> "<<";
      case RIGHT_SHIFT, RIGHT_SHIFT_ASSIGNMENT -> ">>";
      case UNSIGNED_RIGHT_SHIFT, UNSIGNED_RIGHT_SHIFT_ASSIGNMENT -> ">>>";
      case AND, AND_ASSIGNMENT -> "&";
      case OR, OR_ASSIGNMENT -> "|";
      case XOR, XOR_ASSIGNMENT -> "^";
      case CONDITIONAL_AND -> "&&";
      case CONDITIONAL_OR -> "||";
      case LESS_THAN -> "<";
      case GREATER_THAN -> ">";
      case LESS_THAN_EQUAL -> "<=";
      case GREATER_THAN_EQUAL -> ">=";
      case EQUAL_TO -> "==";
      case NOT_EQUAL_TO -> "!=";
      default -> throw new IllegalArgumentException("not an operator: " + kind);
    };
  }

  /** A {@code for} loop's initializers: {@code int i = 0, j = 1}, the later declarators without their type. */
  static String forInit(List<String> init) {
    if (init.size() <= 1) {
      return init.isEmpty() ? "" : init.get(0);
    }
    StringBuilder b = new StringBuilder(init.get(0));
    for (String s : init.subList(1, init.size())) {
      b.append(", ").append(s.substring(s.indexOf(' ') + 1));
    }
    return b.toString();
  }
}
