package dev.sluice.examples.blast;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link Blast} in plain Java, written from the definition rather than from the nodes: a map from
 * k-mer to its first {@code maxPositions} query positions, a scan of every database position, an
 * extension in each direction, and the first-seed rule checked by comparing k-mers.
 */
public final class Reference {
  private Reference() {}

  /** The hits of {@code query} against {@code db}, in database order. */
  public static List<Hit> hits(byte[] query, byte[] db, Settings s) {
    int k = s.k();
    String queryText = Dna.letters(query, 0, query.length);
    String dbText = Dna.letters(db, 0, db.length);
    Map<String, List<Integer>> table = table(queryText, s);
    boolean[] seeded = new boolean[query.length];
    for (List<Integer> at : table.values()) {
      for (int q : at) {
        seeded[q] = true;
      }
    }

    List<Hit> hits = new ArrayList<>();
    for (int d = 0; d + k <= db.length; d++) {
      for (int q : table.getOrDefault(dbText.substring(d, d + k), List.of())) {
        int[] left = extend(query, db, q - 1, d - 1, -1, s);
        int[] right = extend(query, db, q + k, d + k, +1, s);
        int score = k * s.match() + left[0] + right[0];
        int qStart = q - left[1];
        boolean first = true;
        for (int q2 = qStart; q2 < q; q2++) {
          int d2 = d - (q - q2);
          if (seeded[q2] && queryText.substring(q2, q2 + k).equals(dbText.substring(d2, d2 + k))) {
            first = false;
          }
        }
        if (score >= s.threshold() && first) {
          hits.add(new Hit(qStart, d - left[1], left[1] + k + right[1], score));
        }
      }
    }
    return hits;
  }

  /** The number of seeds: pairs of a database position and a query position in the table with equal k-mers. */
  public static long seeds(byte[] query, byte[] db, Settings s) {
    int k = s.k();
    String dbText = Dna.letters(db, 0, db.length);
    Map<String, List<Integer>> table = table(Dna.letters(query, 0, query.length), s);
    long n = 0;
    for (int d = 0; d + k <= db.length; d++) {
      n += table.getOrDefault(dbText.substring(d, d + k), List.of()).size();
    }
    return n;
  }

  /**
   * Every query word of {@code k} known bases, with its first {@code maxPositions} positions in query
   * order. Unknown bases are {@code N} in the text, so a word containing one is never in the table and
   * never equals a database word that is.
   */
  private static Map<String, List<Integer>> table(String queryText, Settings s) {
    int k = s.k();
    Map<String, List<Integer>> table = new HashMap<>();
    for (int q = 0; q + k <= queryText.length(); q++) {
      String word = queryText.substring(q, q + k);
      if (word.indexOf('N') < 0) {
        List<Integer> at = table.computeIfAbsent(word, w -> new ArrayList<>());
        if (at.size() < s.maxPositions()) {
          at.add(q);
        }
      }
    }
    return table;
  }

  /**
   * Ungapped X-drop extension from {@code (q, d)} in direction {@code step}: {best gain, bases it
   * took}, the first place the best was reached.
   */
  static int[] extend(byte[] query, byte[] db, int q, int d, int step, Settings s) {
    int score = 0;
    int best = 0;
    int bases = 0;
    for (int n = 1; q >= 0 && d >= 0 && q < query.length && d < db.length; n++, q += step, d += step) {
      if (query[q] == Dna.UNKNOWN || db[d] == Dna.UNKNOWN) {
        break;
      }
      score += query[q] == db[d] ? s.match() : s.mismatch();
      if (score > best) {
        best = score;
        bases = n;
      }
      if (score < best - s.xDrop()) {
        break;
      }
    }
    return new int[] {best, bases};
  }
}
