package dev.sluice.fuzz;

/**
 * The primitive types of item components, {@code @Param}, {@code @State} and {@code @Reduce} fields.
 *
 * <p>Every value the generated code computes stays exact and free of overflow: integers below
 * {@link #limit}, floating-point values integral and below it (so that +, -, * by small constants,
 * min, max and casts give the same bits on every back end, fused or not). Items carry values below
 * {@link #itemBound}; the generator wraps larger expressions back into that range.
 */
enum Prim {
  INT("int", "IntOut", 1 << 20, 1 << 30),
  LONG("long", "LongOut", 1L << 40, 1L << 62),
  FLOAT("float", "FloatOut", 1 << 20, 1 << 24),
  DOUBLE("double", "DoubleOut", 1L << 40, 1L << 53);

  final String java;
  final String out;
  final double itemBound;
  final double limit;

  Prim(String java, String out, double itemBound, double limit) {
    this.java = java;
    this.out = out;
    this.itemBound = itemBound;
    this.limit = limit;
  }

  boolean integral() {
    return this == INT || this == LONG;
  }

  /** The Java literal for an integral value of this type. */
  String literal(long v) {
    String s = switch (this) {
      case INT -> Long.toString(v);
      case LONG -> v + "L";
      case FLOAT -> v + ".0f";
      case DOUBLE -> v + ".0";
    };
    return v < 0 ? "(" + s + ")" : s;
  }

  /** The boxed value of an integral number in this type. */
  Object box(long v) {
    return switch (this) {
      case INT -> (int) v;
      case LONG -> v;
      case FLOAT -> (float) v;
      case DOUBLE -> (double) v;
    };
  }

  /** Java's cast of a boxed primitive to this type. */
  Object cast(Object v) {
    if (v instanceof Integer i) {
      return switch (this) { case INT -> i; case LONG -> (long) i; case FLOAT -> (float) i; case DOUBLE -> (double) i; };
    }
    if (v instanceof Long l) {
      return switch (this) { case INT -> (int) (long) l; case LONG -> l; case FLOAT -> (float) l; case DOUBLE -> (double) l; };
    }
    if (v instanceof Float f) {
      return switch (this) { case INT -> (int) (float) f; case LONG -> (long) (float) f; case FLOAT -> f; case DOUBLE -> (double) f; };
    }
    Double d = (Double) v;
    return switch (this) { case INT -> (int) (double) d; case LONG -> (long) (double) d; case FLOAT -> (float) (double) d; case DOUBLE -> d; };
  }

  /** The array type name of a {@code @Param} array of this type. */
  String array() {
    return java + "[]";
  }
}
