package dev.sluice.examples.blast;

import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Param;
import dev.sluice.Parent;

/**
 * Reads the k-mer that starts at one database position of the current chunk and pushes a seed for
 * every query position with the same k-mer: none for a k-mer with an unknown base or not in the
 * query, at most {@link QueryTable#MAX_POSITIONS}.
 */
@Node
public final class Lookup {
  @Param final byte[] db;
  @Param final int k;
  @Param final int tableBits;
  @Param final int[] bucketStart;
  @Param final int[] kmers;
  @Param final int[] positions;

  public Lookup(byte[] db, Settings s, QueryTable table) {
    this.db = db;
    this.k = s.k();
    this.tableBits = s.tableBits();
    this.bucketStart = table.bucketStart();
    this.kmers = table.kmers();
    this.positions = table.positions();
  }

  public void run(int i, @Parent Chunk chunk, @Max(QueryTable.MAX_POSITIONS) Out<Seed> seeds) {
    int d = chunk.start() + i;
    int code = 0;
    boolean known = true;
    for (int j = 0; j < k; j++) {
      int b = db[d + j];
      if (b > 3) {
        known = false;
        break;
      }
      code = code * 4 + b;
    }
    if (known) {
      int h = bucket(code, tableBits);
      for (int e = bucketStart[h]; e < bucketStart[h + 1]; e++) {
        if (kmers[e] == code) {
          seeds.push(new Seed(positions[e], d));
        }
      }
    }
  }

  /**
   * The bucket of a k-mer code in a table of {@code 2^bits} buckets: Fibonacci hashing, the top
   * {@code bits} of the low 32 bits of {@code code * 0x9E3779B1}. The product is taken in {@code long}
   * (a code is below {@code 2^30}, so it cannot overflow), because a signed {@code int} overflow is
   * undefined in OpenCL C.
   */
  public static int bucket(int code, int bits) {
    long product = code * 0x9E3779B1L;
    return (int) ((product & 0xFFFFFFFFL) >>> (32 - bits));
  }
}
