package dev.sluice.examples.blast;

/** The base codes every part of the search uses: A, C, G, T (and U) are 0..3, anything else is unknown. */
public final class Dna {
  public static final int A = 0;
  public static final int C = 1;
  public static final int G = 2;
  public static final int T = 3;
  /** A position whose base is not known ({@code N}, an IUPAC code): never matches, breaks k-mers. */
  public static final int UNKNOWN = 4;

  private static final String LETTERS = "ACGTN";

  private Dna() {}

  /**
   * The code of a byte of a genome file: 0..3 for {@code ACGTacgt}, {@link #T} for {@code Uu} (an RNA
   * sequence's uracil pairs as thymine does, so an RNA query finds the DNA it was transcribed from),
   * {@link #UNKNOWN} for any other ASCII letter, -1 for a byte that is not a letter.
   */
  public static int code(int b) {
    int upper = b >= 'a' && b <= 'z' ? b - 32 : b;
    if (upper == 'A') {
      return A;
    } else if (upper == 'C') {
      return C;
    } else if (upper == 'G') {
      return G;
    } else if (upper == 'T' || upper == 'U') {
      return T;
    } else if (upper >= 'A' && upper <= 'Z') {
      return UNKNOWN;
    }
    return -1;
  }

  /** Codes from a string of letters (tests and small examples): {@code "ACGN"} is {0, 1, 2, 4}. */
  public static byte[] codes(String letters) {
    byte[] out = new byte[letters.length()];
    for (int i = 0; i < out.length; i++) {
      int c = code(letters.charAt(i));
      if (c < 0) {
        throw new IllegalArgumentException("not a base: '" + letters.charAt(i) + "' at " + i);
      }
      out[i] = (byte) c;
    }
    return out;
  }

  /** Letters for codes {@code [from, to)}, {@code N} for unknown. */
  public static String letters(byte[] codes, int from, int to) {
    StringBuilder b = new StringBuilder(Math.max(0, to - from));
    for (int i = from; i < to; i++) {
      b.append(LETTERS.charAt(Math.min(codes[i], UNKNOWN)));
    }
    return b.toString();
  }
}
