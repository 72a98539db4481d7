package dev.sluice.processor.write;

import com.squareup.javapoet.CodeBlock;
import dev.sluice.processor.model.FieldModel;
import javax.lang.model.type.TypeKind;

/** Identity and combine step of each {@code @Reduce} operator, per primitive type. */
final class Reductions {
  private Reductions() {}

  static CodeBlock identity(FieldModel f) {
    TypeKind t = f.primitive();
    return switch (f.op()) {
      case SUM, OR, XOR -> CodeBlock.of("$L", literal(t, 0));
      case PRODUCT -> CodeBlock.of("$L", literal(t, 1));
      case AND -> CodeBlock.of("$L", literal(t, -1));
      case MIN -> CodeBlock.of("$L", extreme(t, true));
      case MAX -> CodeBlock.of("$L", extreme(t, false));
    };
  }

  /** {@code value} as a literal of type {@code t} (a reduction is int, long, float or double). */
  private static String literal(TypeKind t, int value) {
    return switch (t) {
      case LONG -> value + "L";
      case FLOAT -> value + "f";
      case DOUBLE -> value + ".0";
      default -> String.valueOf(value);
    };
  }

  private static String extreme(TypeKind t, boolean largest) {
    return switch (t) {
      case INT -> largest ? "Integer.MAX_VALUE" : "Integer.MIN_VALUE";
      case LONG -> largest ? "Long.MAX_VALUE" : "Long.MIN_VALUE";
      case FLOAT -> largest ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY";
      case DOUBLE -> largest ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
      case SHORT -> largest ? "Short.MAX_VALUE" : "Short.MIN_VALUE";
      case BYTE -> largest ? "Byte.MAX_VALUE" : "Byte.MIN_VALUE";
      default -> throw new IllegalArgumentException("no " + (largest ? "MIN" : "MAX") + " reduction for " + t);
    };
  }

  /**
   * {@code a op b} in a kernel: Java's meaning where OpenCL C's operator differs (a wrapping int/long
   * sum or product, a float/double MIN or MAX that keeps NaN and orders -0.0 below 0.0).
   */
  static CodeBlock combineOnDevice(FieldModel f, String a, String b) {
    TypeKind t = f.primitive();
    String arith = dev.sluice.processor.kernel.KernelNames.ARITH;
    boolean wide = t == TypeKind.INT || t == TypeKind.LONG;
    boolean floating = t == TypeKind.FLOAT || t == TypeKind.DOUBLE;
    String p = t == TypeKind.DOUBLE ? "d" : "f";
    String w = t == TypeKind.LONG ? "L" : "I";
    return switch (f.op()) {
      case SUM -> wide ? CodeBlock.of("$L.add$L($L, $L)", arith, w, a, b) : combine(f, a, b);
      case PRODUCT -> wide ? CodeBlock.of("$L.mul$L($L, $L)", arith, w, a, b) : combine(f, a, b);
      case MIN -> floating ? CodeBlock.of("$L.$Lmin($L, $L)", arith, p, a, b) : combine(f, a, b);
      case MAX -> floating ? CodeBlock.of("$L.$Lmax($L, $L)", arith, p, a, b) : combine(f, a, b);
      default -> combine(f, a, b);
    };
  }

  /** {@code a op b} as an expression of the field's type. */
  static CodeBlock combine(FieldModel f, String a, String b) {
    return switch (f.op()) {
      case SUM -> CodeBlock.of("$L + $L", a, b);
      case PRODUCT -> CodeBlock.of("$L * $L", a, b);
      case MIN -> CodeBlock.of("Math.min($L, $L)", a, b);
      case MAX -> CodeBlock.of("Math.max($L, $L)", a, b);
      case AND -> CodeBlock.of("$L & $L", a, b);
      case OR -> CodeBlock.of("$L | $L", a, b);
      case XOR -> CodeBlock.of("$L ^ $L", a, b);
    };
  }
}
