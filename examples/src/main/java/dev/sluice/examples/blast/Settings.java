package dev.sluice.examples.blast;

/**
 * The parameters of a search; every one of them changes which hits are found.
 *
 * @param k word size: a seed is an exact match of {@code k} bases (1..15, so a k-mer fits in an int)
 * @param tableBits the query table has {@code 2^tableBits} hash buckets (1..24); changes speed only
 * @param maxPositions the most query positions kept per k-mer, the first ones in query order
 *     (1..{@link QueryTable#MAX_POSITIONS}); a k-mer that occurs more often in the query (a repeat,
 *     a run of {@code A}) seeds only from its first {@code maxPositions} occurrences
 * @param match score of a matching pair of bases (positive)
 * @param mismatch score of a mismatching pair (negative)
 * @param xDrop an extension stops when its score falls more than {@code xDrop} below the best so far
 * @param threshold the least score of a reported hit
 */
// serializable: a distributed search ships its settings to every machine

public record Settings(int k, int tableBits, int maxPositions, int match, int mismatch, int xDrop, int threshold)
    implements java.io.Serializable {
  /** BLASTN's word size 11, +1/-2 scores, X-drop 10; a hit needs a score of at least 30. */
  public static final Settings DEFAULT = new Settings(11, 16, QueryTable.MAX_POSITIONS, 1, -2, 10, 30);

  /** Small words, a small table and a cap of 2 positions: synthetic tests hit every path with these. */
  public static final Settings TINY = new Settings(4, 3, 2, 1, -2, 3, 6);

  public Settings {
    check(k >= 1 && k <= 15, "k must be in 1..15, not " + k);
    check(tableBits >= 1 && tableBits <= 24, "tableBits must be in 1..24, not " + tableBits);
    check(maxPositions >= 1 && maxPositions <= QueryTable.MAX_POSITIONS,
        "maxPositions must be in 1.." + QueryTable.MAX_POSITIONS + ", not " + maxPositions);
    check(match > 0, "match must be positive, not " + match);
    check(mismatch < 0, "mismatch must be negative, not " + mismatch);
    check(xDrop >= 0, "xDrop must not be negative, not " + xDrop);
  }

  /**
   * Why a search whose shorter sequence has {@code length} bases could overflow its {@code int}
   * scores, or null when it cannot: a hit scores at most {@code match * length}, and an extension
   * falls at most {@code xDrop - mismatch} below its best (from a best of at least 0).
   */
  public String overflow(int length) {
    if ((long) match * length > Integer.MAX_VALUE) {
      return "a match score of " + match + " over " + length + " bases can reach " + (long) match * length
          + ", more than an int score holds (" + Integer.MAX_VALUE + ")";
    }
    if ((long) xDrop - mismatch > Integer.MAX_VALUE) {
      return "an X-drop of " + xDrop + " with a mismatch score of " + mismatch + " lets an extension's score fall below"
          + " the least an int score holds";
    }
    return null;
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  public Settings withThreshold(int t) {
    return new Settings(k, tableBits, maxPositions, match, mismatch, xDrop, t);
  }

  public Settings withMaxPositions(int m) {
    return new Settings(k, tableBits, m, match, mismatch, xDrop, threshold);
  }
}
