package dev.sluice.examples.blast;

import java.util.Random;

/**
 * A small query and database with planted matches: exact and mutated copies of query pieces, copies
 * cut by an unknown base, copies at both ends of the database, a repeat that exceeds the cap, and
 * unknown bases in both sequences.
 */
record Synthetic(byte[] query, byte[] db) {
  static byte[] random(Random r, int n) {
    byte[] s = new byte[n];
    for (int i = 0; i < n; i++) {
      s[i] = (byte) r.nextInt(4);
    }
    return s;
  }

  /** Copies {@code query[from, from + len)} to {@code db[at ..]}, changing each base with {@code rate}. */
  static void plant(Random r, byte[] query, int from, int len, byte[] db, int at, double rate) {
    for (int i = 0; i < len; i++) {
      int b = query[from + i];
      db[at + i] = (byte) (b < 4 && r.nextDouble() < rate ? (b + 1 + r.nextInt(3)) % 4 : b);
    }
  }

  static Synthetic generate(long seed, int queryLength, int dbLength) {
    Random r = new Random(seed);
    byte[] q = random(r, queryLength);
    byte[] d = random(r, dbLength);
    int ql = queryLength;
    int dl = dbLength;
    // a run of A in the query: the k-mer AAA... occurs far more often than the cap allows
    for (int i = ql / 2; i < ql / 2 + 40; i++) {
      q[i] = Dna.A;
    }
    q[ql / 3] = Dna.UNKNOWN;
    q[ql / 3 + 7] = Dna.UNKNOWN;
    plant(r, q, ql / 10, ql / 10, d, dl / 20, 0);                 // exact
    plant(r, q, ql / 4, ql / 5, d, dl / 5, 0.05);                 // 5 % mutated
    plant(r, q, ql / 4, ql / 5, d, dl / 3, 0.12);                 // the same piece, more mutated
    plant(r, q, ql / 3 - 40, 80, d, dl / 2, 0);                   // crosses the query's unknown bases
    plant(r, q, 0, ql / 8, d, dl - ql / 8, 0.02);                 // at the database's end
    plant(r, q, ql - ql / 8, ql / 8, d, 0, 0.02);                 // at its start
    plant(r, q, ql / 2 - 10, 60, d, 2 * dl / 3, 0);               // the A run and its flanks
    for (int i = 0; i < 50; i++) {
      d[3 * dl / 4 + i] = Dna.A;                                  // a long A run in the database
    }
    plant(r, q, ql / 2 + 60, ql / 10, d, 4 * dl / 5, 0.03);
    d[4 * dl / 5 + ql / 20] = Dna.UNKNOWN;                        // cuts that copy in two
    return new Synthetic(q, d);
  }
}
