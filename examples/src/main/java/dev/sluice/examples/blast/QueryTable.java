package dev.sluice.examples.blast;

import java.util.HashMap;
import java.util.Map;

/**
 * The query's k-mers as a hash table in three flat arrays (CSR), the form a {@code @Param} needs: the
 * entries of bucket {@code b} are {@code bucketStart[b] .. bucketStart[b + 1] - 1}; entry {@code e}
 * says that the k-mer {@code kmers[e]} occurs at query position {@code positions[e]}. A k-mer's bucket
 * is {@link Lookup#bucket}.
 *
 * <p><b>The cap.</b> A k-mer keeps at most {@link Settings#maxPositions()} query positions (at most
 * {@link #MAX_POSITIONS}), its first occurrences in query order; later ones are not in the table and
 * seed nothing. This is part of the search's definition, not an approximation of it: the lookup stage
 * declares {@code @Max(MAX_POSITIONS)} seeds per database position (a compile-time constant), and the
 * reference keeps the same positions. {@link #seeded()} marks the query positions that are in the
 * table.
 *
 * <p>A table is serializable, so that a distributed search builds it once and ships it to every
 * machine (sluice-spark's BLAST job broadcasts one).
 */
public final class QueryTable implements java.io.Serializable {
  private static final long serialVersionUID = 1L;

  /** The most query positions one k-mer may keep: the lookup's {@code @Max}. */
  public static final int MAX_POSITIONS = 16;

  private final int[] bucketStart;
  private final int[] kmers;
  private final int[] positions;
  private final byte[] seeded;
  private final int dropped;

  private QueryTable(int[] bucketStart, int[] kmers, int[] positions, byte[] seeded, int dropped) {
    this.bucketStart = bucketStart;
    this.kmers = kmers;
    this.positions = positions;
    this.seeded = seeded;
    this.dropped = dropped;
  }

  /** The table of {@code query}'s k-mers that contain no unknown base. */
  public static QueryTable build(byte[] query, Settings s) {
    int k = s.k();
    int buckets = 1 << s.tableBits();
    int n = Math.max(0, query.length - k + 1);
    int[] code = new int[n];
    byte[] seeded = new byte[query.length];
    Map<Integer, Integer> seen = new HashMap<>();
    int[] perBucket = new int[buckets + 1];
    int entries = 0;
    int dropped = 0;
    for (int p = 0; p < n; p++) {
      code[p] = kmerAt(query, p, k);
      if (code[p] < 0) {
        continue;
      }
      int times = seen.merge(code[p], 1, Integer::sum);
      if (times <= s.maxPositions()) {
        seeded[p] = 1;
        perBucket[Lookup.bucket(code[p], s.tableBits()) + 1]++;
        entries++;
      } else {
        dropped++;
      }
    }
    int[] bucketStart = new int[buckets + 1];
    for (int b = 0; b < buckets; b++) {
      bucketStart[b + 1] = bucketStart[b] + perBucket[b + 1];
    }
    int[] fill = java.util.Arrays.copyOf(bucketStart, buckets);
    int[] kmers = new int[entries];
    int[] positions = new int[entries];
    for (int p = 0; p < n; p++) {
      if (seeded[p] != 0) {
        int e = fill[Lookup.bucket(code[p], s.tableBits())]++;
        kmers[e] = code[p];
        positions[e] = p;
      }
    }
    return new QueryTable(bucketStart, kmers, positions, seeded, dropped);
  }

  /**
   * The code of the k-mer at {@code at}, {@code sum of base(at + j) * 4^(k - 1 - j)}, or -1 if it
   * contains an unknown base or runs past the end.
   */
  public static int kmerAt(byte[] seq, int at, int k) {
    if (at < 0 || at + k > seq.length) {
      return -1;
    }
    int code = 0;
    for (int j = 0; j < k; j++) {
      int b = seq[at + j];
      if (b > Dna.T) {
        return -1;
      }
      code = code * 4 + b;
    }
    return code;
  }

  public int[] bucketStart() {
    return bucketStart;
  }

  public int[] kmers() {
    return kmers;
  }

  public int[] positions() {
    return positions;
  }

  /** Per query position, 1 if its k-mer is in the table at that position (known bases, within the cap). */
  public byte[] seeded() {
    return seeded;
  }

  /** Entries in the table. */
  public int size() {
    return kmers.length;
  }

  /** Query positions left out by the cap. */
  public int dropped() {
    return dropped;
  }
}
