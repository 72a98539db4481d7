package dev.sluice.processor.kernel;

import java.util.List;
import java.util.Locale;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.type.TypeKind;

/**
 * Java's arithmetic where OpenCL C means something else, as calls of the runtime's
 * {@code JavaArithmetic} ({@link KernelNames#ARITH}), which holds the rules: wrapping integer
 * operations, division checked for zero, floating remainder, unfused products, ordered comparisons,
 * conversions from floating values, and the {@code Math} methods whose built-in differs. Each method
 * takes printed operands and gives the printed call, or null where OpenCL C's own operator is right.
 */
final class ArithmeticCalls {
  private ArithmeticCalls() {}

  /** Java's binary numeric promotion (booleans stay as they are). */
  static TypeKind promote(TypeKind a, TypeKind b) {
    if (a == TypeKind.BOOLEAN || b == TypeKind.BOOLEAN) {
      return TypeKind.BOOLEAN;
    }
    if (a == TypeKind.DOUBLE || b == TypeKind.DOUBLE) {
      return TypeKind.DOUBLE;
    }
    if (a == TypeKind.FLOAT || b == TypeKind.FLOAT) {
      return TypeKind.FLOAT;
    }
    return a == TypeKind.LONG || b == TypeKind.LONG ? TypeKind.LONG : TypeKind.INT;
  }

  /**
   * {@code a op b} computed in {@code type} (the promoted type) with Java's meaning, or null where
   * OpenCL C's operator already has it. {@code checkDivisor}: the right operand may be zero (it is not
   * a nonzero constant), so it is checked; {@code mayFuse}: the product is an operand of an addition.
   */
  static String arithmetic(String op, TypeKind type, String a, String b, boolean checkDivisor, boolean mayFuse) {
    String f = null;
    String rhs = b;
    if (type == TypeKind.INT || type == TypeKind.LONG) {
      String p = type == TypeKind.LONG ? "L" : "I";
      switch (op) {
        case "+" -> f = "add" + p;
        case "-" -> f = "sub" + p;
        case "*" -> f = "mul" + p;
        case "/", "%" -> {
          f = (op.equals("/") ? "div" : "rem") + p;
          if (checkDivisor) {
            rhs = (type == TypeKind.LONG ? KernelNames.DIVISOR_LONG : KernelNames.DIVISOR_INT) + "("
                + KernelNames.CONTEXT + ", " + b + ")";
          }
        }
        default -> { }
      }
    } else if (type == TypeKind.FLOAT || type == TypeKind.DOUBLE) {
      String p = type == TypeKind.DOUBLE ? "d" : "f";
      if (op.equals("%")) {
        f = p + "rem";
      } else if (op.equals("/") && type == TypeKind.FLOAT) {
        // OpenCL allows 2.5 ulp for a float quotient unless the program is built with an option Aparapi
        // does not pass; a double quotient is correctly rounded, and so is it rounded to a float
        f = "fdiv";
      } else if (op.equals("*") && mayFuse) {
        f = p + "mul";
      }
    }
    return f == null ? null : KernelNames.ARITH + "." + f + "(" + a + ", " + rhs + ")";
  }

  /** {@code a >>> n}, a of kind {@code l} promoted to int or long; Java keeps the count's low bits only. */
  static String unsignedShift(TypeKind l, String a, TypeKind r, String n) {
    return KernelNames.ARITH + (l == TypeKind.LONG ? ".ushrL(" : ".ushrI(") + a + ", "
        + (r == TypeKind.LONG ? "(int) (" + n + ")" : n) + ")";
  }

  /**
   * A comparison as a call, or null: an ordered one of floating values (under a {@code !}), or any
   * of long values (always).
   */
  static String comparison(com.sun.source.tree.Tree.Kind op, TypeKind type, String a, String b) {
    if (type != TypeKind.FLOAT && type != TypeKind.DOUBLE && type != TypeKind.LONG) {
      return null;
    }
    String f = switch (op) {
      case LESS_THAN -> "lt";
      case LESS_THAN_EQUAL -> "le";
      case GREATER_THAN -> "gt";
      case GREATER_THAN_EQUAL -> "ge";
      // Aparapi turns a long == into a subtraction too
      case EQUAL_TO -> type == TypeKind.LONG ? "eq" : null;
      case NOT_EQUAL_TO -> type == TypeKind.LONG ? "ne" : null;
      default -> null;
    };
    String suffix = type == TypeKind.DOUBLE ? "D" : type == TypeKind.FLOAT ? "F" : "L";
    return f == null ? null : KernelNames.ARITH + "." + f + suffix + "(" + a + ", " + b + ")";
  }

  /** {@code e} of kind {@code from} converted to {@code to} as Java does, or null where a C cast does it. */
  static String convert(TypeKind from, TypeKind to, String e) {
    boolean floating = from == TypeKind.FLOAT || from == TypeKind.DOUBLE;
    if (!floating) {
      return null;
    }
    return switch (to) {
      case INT -> KernelNames.ARITH + ".d2i(" + e + ")";
      case LONG -> KernelNames.ARITH + ".d2l(" + e + ")";
      // Java narrows a floating value to byte or short through int
      case SHORT, BYTE -> "(" + to.name().toLowerCase(Locale.ROOT) + ") " + KernelNames.ARITH + ".d2i(" + e + ")";
      default -> null;
    };
  }

  /**
   * The {@code java.lang.StrictMath} methods whose results Java defines to be {@code Math}'s, bit for bit
   * (exact functions, or ones {@code StrictMath} delegates to {@code Math}): a kernel translates them as
   * {@code Math}'s. Its other methods promise fdlibm's bits, which the kernel's functions do not keep.
   */
  static final java.util.Set<String> SAME_IN_STRICT_MATH = java.util.Set.of("abs", "min", "max", "round", "rint",
      "floor", "ceil", "sqrt", "IEEEremainder", "toDegrees", "toRadians");

  /** A {@code java.lang.Math} call: OpenCL's built-in where it means the same, else Java's rule. */
  static String math(ExecutableElement m, List<String> args) {
    String name = m.getSimpleName().toString();
    TypeKind p = m.getParameters().isEmpty() ? null : m.getParameters().get(0).asType().getKind();
    boolean floating = p == TypeKind.FLOAT || p == TypeKind.DOUBLE;
    String prefix = p == TypeKind.DOUBLE ? "d" : "f";
    String call = switch (name) {
      case "round" -> KernelNames.ARITH + (p == TypeKind.FLOAT ? ".roundF" : ".roundD");
      case "max", "min" -> KernelNames.ARITH + "." + (floating ? prefix + name : name + (p == TypeKind.LONG ? "L" : "I"));
      case "pow" -> KernelNames.POW;
      case "exp" -> KernelNames.EXP;
      case "atan" -> KernelNames.ATAN;
      case "atan2" -> KernelNames.ATAN2;
      case "IEEEremainder" -> KernelNames.IEEE_REMAINDER;
      case "toDegrees", "toRadians", "rint", "floor", "ceil" -> KernelNames.ARITH + "." + name + "D";
      case "abs" -> p == TypeKind.INT || p == TypeKind.LONG ? KernelNames.ARITH + (p == TypeKind.INT ? ".absI" : ".absL") : null;
      default -> null;
    };
    return (call == null ? "Math." + name : call) + "(" + String.join(", ", args) + ")";
  }
}
