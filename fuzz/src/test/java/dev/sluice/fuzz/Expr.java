package dev.sluice.fuzz;

import java.lang.reflect.Array;
import java.util.Map;

/**
 * A typed expression of a generated node body: printed as Java by {@link #java()}, evaluated with
 * Java's semantics by {@link #eval(Env)} in the reference interpreter. {@link #bound} is the largest
 * absolute value it can take, which the generator keeps below {@link Prim#limit}.
 */
abstract class Expr {
  final Prim type;
  final double bound;

  Expr(Prim type, double bound) {
    this.type = type;
    this.bound = bound;
  }

  abstract String java();

  /**
   * {@link #java()} without its outer parentheses, for the right-hand side of a compound assignment
   * ({@code m -= i - 0.5}: Java computes {@code m - (i - 0.5)} all the same).
   */
  String bare() {
    return java();
  }

  abstract Object eval(Env env);

  /** What an expression can read: the item, the parent, a signal tag, a loop index, fields, params, block locals. */
  static final class Env {
    Object item;
    Object parent;
    Object tag;
    int loop;
    Map<String, Object> fields;
    Map<String, Object> params;
    final Map<String, Object> locals = new java.util.HashMap<>();
  }

  /** The smallest power of two at or above {@code b} (at least 1). */
  static double pow2(double b) {
    double p = 1;
    while (p < b) {
      p *= 2;
    }
    return p;
  }

  static final class Const extends Expr {
    final long value;

    Const(Prim type, long value) {
      super(type, Math.abs((double) value));
      this.value = value;
    }

    String java() {
      return type.literal(value);
    }

    Object eval(Env env) {
      return type.box(value);
    }
  }

  /**
   * A named input: the item or a component, the parent's, the tag's, a field, a scalar param, the loop
   * index, a block's local.
   */
  static final class Ref extends Expr {
    enum Kind { ITEM, PARENT, TAG, FIELD, PARAM, LOOP, LOCAL }

    final Kind kind;
    final Ty ty;
    final int comp;
    final String text;

    /** Component {@code comp} of the item, parent or tag of type {@code ty}, read as {@code var}. */
    Ref(Kind kind, Ty ty, int comp, String var, double bound) {
      super(ty.comps().get(comp), bound);
      this.kind = kind;
      this.ty = ty;
      this.comp = comp;
      this.text = ty.access(var, comp);
    }

    /** A field, a scalar param, the loop index or a block's local. */
    Ref(Kind kind, Prim type, String name, double bound) {
      super(type, bound);
      this.kind = kind;
      this.ty = null;
      this.comp = 0;
      this.text = name;
    }

    String java() {
      return text;
    }

    Object eval(Env env) {
      return switch (kind) {
        case ITEM -> ty.get(env.item, comp);
        case PARENT -> ty.get(env.parent, comp);
        case TAG -> ty.get(env.tag, comp);
        case FIELD -> env.fields.get(text);
        case PARAM -> env.params.get(text);
        case LOOP -> env.loop;
        case LOCAL -> env.locals.get(text);
      };
    }
  }

  /** {@code (a.length == 0 ? 0 : a[(index & 0x7fff) % a.length])}: in range, also for an empty array. */
  static final class Lookup extends Expr {
    final String array;
    final Expr index;

    Lookup(Prim type, String array, Expr index, double bound) {
      super(type, bound);
      this.array = array;
      this.index = index;
    }

    String java() {
      return "(" + array + ".length == 0 ? " + type.literal(0) + " : " + array + "[(" + index.java() + " & 0x7fff) % "
          + array + ".length])";
    }

    Object eval(Env env) {
      Object a = env.params.get(array);
      int n = Array.getLength(a);
      if (n == 0) {
        return type.box(0);
      }
      int i = (((Integer) index.eval(env)) & 0x7fff) % n;
      return Array.get(a, i);
    }
  }

  /** {@code array[index]}, unguarded: out of range it throws, as the run must then. */
  static final class Index extends Expr {
    final String array;
    final Expr index;

    Index(Prim type, String array, Expr index, double bound) {
      super(type, bound);
      this.array = array;
      this.index = index;
    }

    String java() {
      return array + "[" + index.java() + "]";
    }

    Object eval(Env env) {
      // java.lang.reflect.Array throws ArrayIndexOutOfBoundsException, as the node's own access does
      return Array.get(env.params.get(array), (Integer) index.eval(env));
    }
  }

  /** {@code Integer.bitCount(e)} or {@code Long.bitCount(e)}: a JDK call outside the GPU subset. */
  static final class BitCount extends Expr {
    final Expr e;

    BitCount(Expr e) {
      super(Prim.INT, e.type == Prim.INT ? 32 : 64);
      this.e = e;
    }

    String java() {
      return (e.type == Prim.INT ? "Integer" : "Long") + ".bitCount(" + e.java() + ")";
    }

    Object eval(Env env) {
      Object v = e.eval(env);
      return v instanceof Integer i ? Integer.bitCount(i) : Long.bitCount((Long) v);
    }
  }

  static final class Cast extends Expr {
    final Expr e;

    Cast(Prim to, Expr e) {
      super(to, e.bound);
      this.e = e;
    }

    String java() {
      return "((" + type.java + ") " + e.java() + ")";
    }

    String bare() {
      return "(" + type.java + ") " + e.java();
    }

    Object eval(Env env) {
      return type.cast(e.eval(env));
    }
  }

  /** A binary operator or Math.min/max; {@code abs} is unary (b == null). */
  static final class Bin extends Expr {
    final String op;
    final Expr a;
    final Expr b;

    Bin(String op, Expr a, Expr b, double bound) {
      super(a.type, bound);
      this.op = op;
      this.a = a;
      this.b = b;
    }

    String java() {
      return switch (op) {
        case "min", "max" -> "Math." + op + "(" + a.java() + ", " + b.java() + ")";
        case "abs" -> "Math.abs(" + a.java() + ")";
        default -> "(" + a.java() + " " + op + " " + b.java() + ")";
      };
    }

    String bare() {
      return switch (op) {
        case "min", "max", "abs" -> java();
        default -> a.java() + " " + op + " " + b.java();
      };
    }

    Object eval(Env env) {
      Object x = a.eval(env);
      Object y = b == null ? null : b.eval(env);
      return apply(op, type, x, y);
    }

    static Object apply(String op, Prim type, Object x, Object y) {
      switch (type) {
        case INT -> {
          int p = (Integer) x;
          int q = y == null ? 0 : ((Number) y).intValue();
          return switch (op) {
            case "+" -> p + q; case "-" -> p - q; case "*" -> p * q; case "/" -> p / q; case "%" -> p % q;
            case "&" -> p & q; case "|" -> p | q; case "^" -> p ^ q;
            case "<<" -> p << q; case ">>" -> p >> q; case ">>>" -> p >>> q;
            case "min" -> Math.min(p, q); case "max" -> Math.max(p, q); case "abs" -> Math.abs(p);
            default -> throw new IllegalArgumentException(op);
          };
        }
        case LONG -> {
          long p = (Long) x;
          long q = y == null ? 0 : ((Number) y).longValue();
          return switch (op) {
            case "+" -> p + q; case "-" -> p - q; case "*" -> p * q; case "/" -> p / q; case "%" -> p % q;
            case "&" -> p & q; case "|" -> p | q; case "^" -> p ^ q;
            case "<<" -> p << q; case ">>" -> p >> q; case ">>>" -> p >>> q;
            case "min" -> Math.min(p, q); case "max" -> Math.max(p, q); case "abs" -> Math.abs(p);
            default -> throw new IllegalArgumentException(op);
          };
        }
        case FLOAT -> {
          float p = (Float) x;
          float q = y == null ? 0 : (Float) y;
          return switch (op) {
            case "+" -> p + q; case "-" -> p - q; case "*" -> p * q;
            case "min" -> Math.min(p, q); case "max" -> Math.max(p, q); case "abs" -> Math.abs(p);
            default -> throw new IllegalArgumentException(op);
          };
        }
        default -> {
          double p = (Double) x;
          double q = y == null ? 0 : (Double) y;
          return switch (op) {
            case "+" -> p + q; case "-" -> p - q; case "*" -> p * q;
            case "min" -> Math.min(p, q); case "max" -> Math.max(p, q); case "abs" -> Math.abs(p);
            default -> throw new IllegalArgumentException(op);
          };
        }
      }
    }
  }

  /** A {@code float} or {@code double} literal that need not be integral ({@code 0.5}, {@code 1.0E10f}). */
  static final class Frac extends Expr {
    final double value;

    Frac(Prim type, double value) {
      super(type, Math.abs(value));
      this.value = type == Prim.FLOAT ? (float) value : value;
    }

    String java() {
      String s = type == Prim.FLOAT ? Float.toString((float) value) + "f" : Double.toString(value);
      return value < 0 ? "(" + s + ")" : s;
    }

    Object eval(Env env) {
      return type == Prim.FLOAT ? (Object) (float) value : (Object) value;
    }
  }

  /**
   * {@code ((byte) e)} or {@code ((short) e)}: Java's narrowing (of a floating value through
   * {@code int}), read as the {@code int} it promotes to.
   */
  static final class Narrow extends Expr {
    final String to;
    final Expr e;

    Narrow(String to, Expr e) {
      super(Prim.INT, to.equals("byte") ? 128 : 32768);
      this.to = to;
      this.e = e;
    }

    String java() {
      return "((" + to + ") " + e.java() + ")";
    }

    String bare() {
      return "(" + to + ") " + e.java();
    }

    Object eval(Env env) {
      return narrow(to, e.eval(env));
    }

    /** {@code (byte) v} or {@code (short) v} of a boxed primitive, as an int. */
    static int narrow(String to, Object v) {
      int i = (Integer) Prim.INT.cast(v);
      return to.equals("byte") ? (byte) i : (short) i;
    }
  }

  /**
   * {@code a op b} of operands of two types, computed in their binary numeric promotion ({@code i -
   * 0.5}, {@code l + f}); {@code /} and {@code %} only where that is {@code float} or {@code double}.
   * Its values are not kept within {@link Prim#limit}: it is only ever a compound assignment's
   * right-hand side.
   */
  static final class Mixed extends Expr {
    final String op;
    final Expr a;
    final Expr b;

    Mixed(String op, Expr a, Expr b) {
      super(promote(a.type, b.type), Double.POSITIVE_INFINITY);
      this.op = op;
      this.a = a;
      this.b = b;
    }

    String java() {
      return "(" + bare() + ")";
    }

    String bare() {
      return a.java() + " " + op + " " + b.java();
    }

    Object eval(Env env) {
      return arithmetic(op, type, a.eval(env), b.eval(env));
    }
  }

  /** Java's binary numeric promotion of two operand types (a byte or short operand reads as an int). */
  static Prim promote(Prim a, Prim b) {
    if (a == Prim.DOUBLE || b == Prim.DOUBLE) {
      return Prim.DOUBLE;
    }
    if (a == Prim.FLOAT || b == Prim.FLOAT) {
      return Prim.FLOAT;
    }
    return a == Prim.LONG || b == Prim.LONG ? Prim.LONG : Prim.INT;
  }

  /**
   * {@code x op y} as Java computes it in the promoted type {@code type}: both operands converted to it
   * first; {@code + - * / %} on every type, {@code & | ^} on {@code int} and {@code long}; an integral
   * zero divisor throws {@link ArithmeticException}, as Java does.
   */
  static Object arithmetic(String op, Prim type, Object x, Object y) {
    Object p = type.cast(x);
    Object q = type.cast(y);
    if (type == Prim.FLOAT) {
      float f = (Float) p;
      float g = (Float) q;
      return switch (op) {
        case "+" -> f + g; case "-" -> f - g; case "*" -> f * g; case "/" -> f / g; case "%" -> f % g;
        default -> throw new IllegalArgumentException(op);
      };
    }
    if (type == Prim.DOUBLE) {
      double f = (Double) p;
      double g = (Double) q;
      return switch (op) {
        case "+" -> f + g; case "-" -> f - g; case "*" -> f * g; case "/" -> f / g; case "%" -> f % g;
        default -> throw new IllegalArgumentException(op);
      };
    }
    return Bin.apply(op, type, p, q);
  }

  /** {@code cond ? a : b}. */
  static final class Ternary extends Expr {
    final Cond c;
    final Expr a;
    final Expr b;

    Ternary(Cond c, Expr a, Expr b) {
      super(a.type, Math.max(a.bound, b.bound));
      this.c = c;
      this.a = a;
      this.b = b;
    }

    String java() {
      return "(" + c.java() + " ? " + a.java() + " : " + b.java() + ")";
    }

    String bare() {
      return c.java() + " ? " + a.java() + " : " + b.java();
    }

    Object eval(Env env) {
      return c.test(env) ? a.eval(env) : b.eval(env);
    }
  }

  /**
   * A comparison of two expressions of one type, two conditions joined by && / ||, a condition under
   * {@code !}, or a boolean conditional {@code (t ? l : r)} of three conditions.
   */
  static final class Cond {
    final String op;
    final Expr a;
    final Expr b;
    final Cond l;
    final Cond r;
    /** The test of a {@code ?:}, else null. */
    final Cond t;

    Cond(String op, Expr a, Expr b) {
      this.op = op;
      this.a = a;
      this.b = b;
      this.l = null;
      this.r = null;
      this.t = null;
    }

    Cond(String op, Cond l, Cond r) {
      this(op, null, l, r);
    }

    private Cond(String op, Cond t, Cond l, Cond r) {
      this.op = op;
      this.a = null;
      this.b = null;
      this.l = l;
      this.r = r;
      this.t = t;
    }

    /** {@code !c}. */
    static Cond not(Cond c) {
      return new Cond("!", null, c, null);
    }

    /** {@code (t ? l : r)}: javac compiles a boolean conditional in a condition to jumps alone. */
    static Cond choose(Cond t, Cond l, Cond r) {
      return new Cond("?:", t, l, r);
    }

    String java() {
      if (op.equals("!")) {
        return "(!" + l.java() + ")";
      }
      if (t != null) {
        return "(" + t.java() + " ? " + l.java() + " : " + r.java() + ")";
      }
      if (l != null) {
        return "(" + l.java() + " " + op + " " + r.java() + ")";
      }
      return "(" + a.java() + " " + op + " " + b.java() + ")";
    }

    boolean test(Env env) {
      if (op.equals("!")) {
        return !l.test(env);
      }
      if (t != null) {
        return t.test(env) ? l.test(env) : r.test(env);
      }
      if (l != null) {
        return op.equals("&&") ? l.test(env) && r.test(env) : l.test(env) || r.test(env);
      }
      double x = ((Number) a.eval(env)).doubleValue();
      double y = ((Number) b.eval(env)).doubleValue();
      if (a.type == Prim.LONG) {
        // compare longs exactly, not through double
        long p = (Long) a.eval(env);
        long q = (Long) b.eval(env);
        int c = Long.compare(p, q);
        return cmp(op, c);
      }
      return switch (op) {
        case "<" -> x < y; case "<=" -> x <= y; case ">" -> x > y; case ">=" -> x >= y;
        case "==" -> x == y; case "!=" -> x != y;
        default -> throw new IllegalArgumentException(op);
      };
    }

    private static boolean cmp(String op, int c) {
      return switch (op) {
        case "<" -> c < 0; case "<=" -> c <= 0; case ">" -> c > 0; case ">=" -> c >= 0;
        case "==" -> c == 0; case "!=" -> c != 0;
        default -> throw new IllegalArgumentException(op);
      };
    }
  }
}
