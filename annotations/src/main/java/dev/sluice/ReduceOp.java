package dev.sluice;

/** Commutative, associative operators for {@link Reduce}. */
public enum ReduceOp {
  /** {@code x += e} (also {@code x++}); identity 0. */
  SUM,
  /** {@code x *= e}; identity 1. */
  PRODUCT,
  /**
   * {@code x = Math.min(x, e)}; identity the type's largest value ({@code Integer.MAX_VALUE},
   * {@code Long.MAX_VALUE}; positive infinity for {@code float} and {@code double}).
   */
  MIN,
  /**
   * {@code x = Math.max(x, e)}; identity the type's smallest value ({@code Integer.MIN_VALUE},
   * {@code Long.MIN_VALUE}; negative infinity for {@code float} and {@code double}).
   */
  MAX,
  /** {@code x &= e}, int and long only; identity all ones. */
  AND,
  /** {@code x |= e}, int and long only; identity 0. */
  OR,
  /** {@code x ^= e}, int and long only; identity 0. */
  XOR
}
