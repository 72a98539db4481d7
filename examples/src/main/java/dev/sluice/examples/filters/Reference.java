package dev.sluice.examples.filters;

import java.util.Arrays;

/** {@link FilterChain} in plain Java: the same three filters as one loop. */
public final class Reference {
  private Reference() {}

  /** The items of sink {@code kept}, in input order. */
  public static int[] kept(int[] input, int divisor, int bound) {
    return Arrays.stream(input).filter(x -> x % divisor == 0).filter(x -> (x & 1) != 0).filter(x -> x < bound)
        .toArray();
  }
}
