package dev.sluice.spark.blast;

import dev.sluice.examples.blast.Chunk;
import dev.sluice.examples.blast.Dna;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Query sequences joined into one, each followed by an unknown base: no k-mer containing that base
 * seeds, and no extension crosses it, so a search of the joined sequence finds exactly the hits of
 * each query searched alone. Positions of the joined sequence map back to a query and an offset.
 */
public final class Queries implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String[] names;
  private final int[] starts;
  private final byte[] joined;

  private Queries(String[] names, int[] starts, byte[] joined) {
    this.names = names;
    this.starts = starts;
    this.joined = joined;
  }

  /** The queries, named, as coded sequences ({@code GenomeFile#sequence()}). */
  public static Queries of(List<String> names, List<byte[]> sequences) {
    if (names.size() != sequences.size() || names.isEmpty()) {
      throw new IllegalArgumentException("give one name per query and at least one query, not " + names.size()
          + " name(s) and " + sequences.size() + " sequence(s)");
    }
    int total = 0;
    for (byte[] s : sequences) {
      total += s.length + 1;
    }
    byte[] joined = new byte[total];
    int[] starts = new int[sequences.size()];
    int at = 0;
    for (int q = 0; q < sequences.size(); q++) {
      starts[q] = at;
      byte[] s = sequences.get(q);
      System.arraycopy(s, 0, joined, at, s.length);
      at += s.length;
      joined[at++] = (byte) Dna.UNKNOWN;
    }
    return new Queries(names.toArray(String[]::new), starts, joined);
  }

  /** All queries, each followed by one unknown base. */
  public byte[] joined() {
    return joined;
  }

  public int count() {
    return names.length;
  }

  public String name(int query) {
    return names[query];
  }

  /** The query holding position {@code at} of the joined sequence. */
  public int queryAt(int at) {
    int i = Arrays.binarySearch(starts, at);
    return i >= 0 ? i : -i - 2;
  }

  /** Where query {@code query} starts in the joined sequence. */
  public int start(int query) {
    return starts[query];
  }

  /**
   * The k-mer start positions of the joined sequence, {@code 0 .. length - k}, in chunks of
   * {@code length} positions: the source items of the search, which Spark partitions.
   */
  public List<Chunk> chunks(int k, int length) {
    if (length < 1) {
      throw new IllegalArgumentException("chunk length must be positive, not " + length);
    }
    int positions = Math.max(0, joined.length - k + 1);
    List<Chunk> out = new ArrayList<>();
    for (int s = 0; s < positions; s += length) {
      out.add(new Chunk(s, Math.min(positions, s + length)));
    }
    return out;
  }
}
