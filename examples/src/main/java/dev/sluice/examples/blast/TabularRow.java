package dev.sluice.examples.blast;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * One hit as the BLAST tools print it, in BLAST's tabular columns ({@code qseqid sseqid pident length
 * mismatch gapopen qstart qend sstart send score}): positions 1-based, a hit of the query's minus strand
 * with {@code sStart > sEnd}. The search is ungapped, so {@code gapopen} is always 0. The single-machine
 * command ({@link BlastTool}) and the Spark job print their hits with it.
 */
public record TabularRow(int length, int mismatches, int qStart, int qEnd, int sStart, int sEnd, int score) {
  /** The header line {@code -header} prints, BLAST's own. */
  public static final String FIELDS = "# Fields: query id, subject id, % identity, alignment length, mismatches,"
      + " gap opens, q. start, q. end, s. start, s. end, score";

  /**
   * The row of hit {@code h} of the query strand {@code q} (the query itself, or with {@code minus} its
   * reverse complement) against the database {@code db}, both coded as {@link Dna} codes.
   */
  public static TabularRow of(Hit h, byte[] q, byte[] db, boolean minus) {
    int mismatches = 0;
    for (int i = 0; i < h.length(); i++) {
      if (q[h.queryStart() + i] != db[h.dbStart() + i]) {
        mismatches++;
      }
    }
    int sFirst = h.dbStart() + 1;
    int sLast = h.dbStart() + h.length();
    if (!minus) {
      return new TabularRow(h.length(), mismatches, h.queryStart() + 1, h.queryStart() + h.length(), sFirst, sLast,
          h.score());
    }
    // position p of the reverse complement is position length - 1 - p of the query
    int qStart = q.length - h.queryStart() - h.length() + 1;
    return new TabularRow(h.length(), mismatches, qStart, qStart + h.length() - 1, sLast, sFirst, h.score());
  }

  /** The tab-separated line, with the query's and the database's names. */
  public String format(String queryId, String subjectId) {
    return String.format(Locale.ROOT, "%s\t%s\t%s\t%d\t%d\t0\t%d\t%d\t%d\t%d\t%d", queryId, subjectId,
        percent(100.0 * (length - mismatches) / length), length, mismatches, qStart, qEnd, sStart, sEnd, score);
  }

  /**
   * The identity with 3 decimals as C's {@code printf("%.3f")} prints it, as BLAST's output has it: the
   * double's exact value rounded, a tie to even (95.3125 is 95.312). Java's {@code %.3f} rounds the
   * shortest decimal string half up (95.313).
   */
  static String percent(double value) {
    return new BigDecimal(value).setScale(3, RoundingMode.HALF_EVEN).toPlainString();
  }
}
