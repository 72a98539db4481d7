package dev.sluice.fuzz.expr;

import java.util.Random;

/**
 * Random Java expressions over the node's typed variables {@code i0, i1} (int), {@code l0, l1}
 * (long), {@code f0, f1} (float) and {@code d0, d1} (double), fully parenthesized, with edge
 * literals: integer arithmetic that overflows, division and remainder (by a divisor made nonzero),
 * shifts by any count, casts between all numeric types (byte and short included), comparisons
 * (NaN, -0.0) under {@code !}, {@code &&}, {@code ||}, the ternary, and {@code Math} calls. Every
 * expression is exact in Java (the device must give the same bits) unless {@link #transcendental}
 * wraps it in a function Java computes within 1 ulp.
 */
final class ExprGenerator {
  enum Type {
    INT("int", "i"), LONG("long", "l"), FLOAT("float", "f"), DOUBLE("double", "d");

    final String java;
    final String var;

    Type(String java, String var) {
      this.java = java;
      this.var = var;
    }

    boolean integral() {
      return this == INT || this == LONG;
    }
  }

  /** Functions Java's Math computes within 1 ulp (pow and atan2 take two arguments). */
  static final String[] TRANSCENDENTAL = {"sin", "cos", "tan", "asin", "acos", "atan", "exp", "log", "pow", "atan2"};

  static final String[] INT_EDGES = {"(-2147483647 - 1)", "-2147483647", "-65", "-33", "-1", "0", "1", "2", "31", "32",
      "33", "63", "64", "65", "46341", "2147483646", "2147483647"};
  static final String[] LONG_EDGES = {"(-9223372036854775807L - 1L)", "-9223372036854775807L", "-2147483648L",
      "-4294967296L", "-1L", "0L", "1L", "32L", "63L", "64L", "65L", "2147483647L", "4294967295L", "3037000500L",
      "9223372036854775807L"};
  static final String[] FLOAT_EDGES = {"Float.NaN", "Float.POSITIVE_INFINITY", "Float.NEGATIVE_INFINITY", "-0.0f", "0.0f",
      "0.5f", "-0.5f", "1.5f", "-2.5f", "1.0E20f", "-2.14748365E9f", "9.223372E18f", "Float.MAX_VALUE", "Float.MIN_VALUE",
      "0.49999997f", "3.0f"};
  static final String[] DOUBLE_EDGES = {"Double.NaN", "Double.POSITIVE_INFINITY", "Double.NEGATIVE_INFINITY", "-0.0", "0.0",
      "0.5", "-0.5", "-2.5", "2.5", "1.0E300", "-1.0E300", "2.1474836475E9", "-9.223372036854775808E18",
      "0.49999999999999994", "Double.MAX_VALUE", "Double.MIN_VALUE", "4.503599627370497E15", "3.0"};

  private final Random r;

  ExprGenerator(Random r) {
    this.r = r;
  }

  Type anyType() {
    return Type.values()[r.nextInt(4)];
  }

  private String pick(String[] a) {
    return a[r.nextInt(a.length)];
  }

  private String literal(Type t) {
    return switch (t) {
      case INT -> pick(INT_EDGES);
      case LONG -> pick(LONG_EDGES);
      case FLOAT -> pick(FLOAT_EDGES);
      case DOUBLE -> pick(DOUBLE_EDGES);
    };
  }

  /** {@code e} without the parentheses around the whole of it, if it has them: {@code (a - b)} is {@code a - b}. */
  static String bare(String e) {
    if (!e.startsWith("(") || !e.endsWith(")")) {
      return e;
    }
    int depth = 0;
    for (int i = 0; i < e.length(); i++) {
      depth += e.charAt(i) == '(' ? 1 : e.charAt(i) == ')' ? -1 : 0;
      if (depth == 0 && i < e.length() - 1) {
        return e; // the first parenthesis closes before the end: (a) - (b)
      }
    }
    return e.substring(1, e.length() - 1);
  }

  /** An exact expression of type {@code t}, at most {@code depth} operators deep. */
  String exact(Type t, int depth) {
    if (depth <= 0 || r.nextInt(5) == 0) {
      return r.nextInt(4) == 0 ? literal(t) : t.var + r.nextInt(2);
    }
    int d = depth - 1;
    return t.integral() ? integral(t, d) : floating(t, d);
  }

  private String integral(Type t, int d) {
    switch (r.nextInt(13)) {
      case 0, 1, 2: {
        String op = new String[] {"+", "-", "*", "&", "|", "^"}[r.nextInt(6)];
        Type other = t == Type.LONG && r.nextBoolean() ? Type.INT : t;
        return "(" + exact(t, d) + " " + op + " " + exact(other, d) + ")";
      }
      case 3: {
        String b = exact(t, d);
        String op = r.nextBoolean() ? "/" : "%";
        // a divisor that is never zero, so the expression never throws
        return "(" + exact(t, d) + " " + op + " (" + b + " != 0 ? " + b + " : " + (t == Type.LONG ? "7L" : "7") + "))";
      }
      case 4: {
        String op = new String[] {"<<", ">>", ">>>"}[r.nextInt(3)];
        return "(" + exact(t, d) + " " + op + " " + exact(r.nextBoolean() ? Type.INT : Type.LONG, d) + ")";
      }
      case 5:
        return "(" + (r.nextBoolean() ? "-" : "~") + "(" + exact(t, d) + "))";
      case 6: {
        String narrow = t == Type.INT && r.nextInt(3) == 0 ? (r.nextBoolean() ? "(byte) " : "(short) ") : "";
        return "((" + t.java + ") " + narrow + "(" + exact(anyType(), d) + "))";
      }
      case 7:
        return "Math.abs(" + exact(t, d) + ")";
      case 8:
        return "Math." + (r.nextBoolean() ? "max" : "min") + "(" + exact(t, d) + ", " + exact(t, d) + ")";
      case 9:
        return t == Type.INT ? "Math.round(" + exact(Type.FLOAT, d) + ")" : "Math.round(" + exact(Type.DOUBLE, d) + ")";
      case 10, 11:
        return "(" + condition(d) + " ? " + exact(t, d) + " : " + exact(t, d) + ")";
      default: {
        // increments and compound assignments need a variable: a cast keeps the expression pure
        return "((" + t.java + ") (" + exact(t, d) + " + " + exact(t == Type.INT ? Type.INT : Type.LONG, d) + "))";
      }
    }
  }

  private String floating(Type t, int d) {
    switch (r.nextInt(12)) {
      case 0, 1, 2: {
        String op = new String[] {"+", "-", "*", "/", "%"}[r.nextInt(5)];
        Type other = t == Type.DOUBLE && r.nextInt(3) == 0 ? Type.FLOAT : r.nextInt(5) == 0 ? Type.INT : t;
        return "(" + exact(t, d) + " " + op + " " + exact(other, d) + ")";
      }
      case 3:
        // a product next to a sum: OpenCL may fuse it, Java may not
        return "(" + exact(t, d) + " * " + exact(t, d) + " " + (r.nextBoolean() ? "+" : "-") + " " + exact(t, d) + ")";
      case 4:
        return "(-(" + exact(t, d) + "))";
      case 5:
        return "((" + t.java + ") (" + exact(anyType(), d) + "))";
      case 6:
        return "Math.abs(" + exact(t, d) + ")";
      case 7:
        return "Math." + (r.nextBoolean() ? "max" : "min") + "(" + exact(t, d) + ", " + exact(t, d) + ")";
      case 8: {
        String f = new String[] {"floor", "ceil", "rint", "sqrt", "toDegrees", "toRadians"}[r.nextInt(6)];
        return "((" + t.java + ") Math." + f + "(" + exact(Type.DOUBLE, d) + "))";
      }
      case 9:
        return "((" + t.java + ") Math.IEEEremainder(" + exact(Type.DOUBLE, d) + ", " + exact(Type.DOUBLE, d) + "))";
      default:
        return "(" + condition(d) + " ? " + exact(t, d) + " : " + exact(t, d) + ")";
    }
  }

  /** A boolean: a comparison of two values of one type, maybe negated or combined. */
  String condition(int d) {
    Type u = anyType();
    String op = new String[] {"<", "<=", ">", ">=", "==", "!="}[r.nextInt(6)];
    // a variable on the left: javac folds a comparison of constants, and Aparapi cannot translate the
    // bytecode of a condition folded to true inside || (a limit of Aparapi, not of Java semantics)
    String c = "(" + u.var + r.nextInt(2) + " " + op + " " + exact(u, d) + ")";
    switch (r.nextInt(4)) {
      case 0:
        return "(!" + c + ")";
      case 1:
        return "(" + c + (r.nextBoolean() ? " && " : " || ") + condition(d - 1) + ")";
      default:
        return c;
    }
  }

  /** {@code Math.f(x)} of an exact double expression (two for pow and atan2). */
  String transcendental(String f, int depth) {
    String a = exact(Type.DOUBLE, depth);
    return "Math." + f + "(" + a + (f.equals("pow") || f.equals("atan2") ? ", " + exact(Type.DOUBLE, depth) : "") + ")";
  }
}
