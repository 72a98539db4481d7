package dev.sluice.examples.blast;

import dev.sluice.Node;
import dev.sluice.Out;
import dev.sluice.Param;

/**
 * Extends a seed without gaps, left and right independently, and pushes the alignment if it scores at
 * least the threshold and is the first seed of its own alignment.
 *
 * <p>Each direction adds {@code match} or {@code mismatch} per pair of bases, remembers the best score
 * and where it was reached (the first place, on ties), and stops at a sequence end, at an unknown
 * base on either side, or when the score falls more than {@code xDrop} below the best. The alignment
 * is the seed plus both best extensions; its score is {@code k * match} plus both best gains.
 *
 * <p>Every seed on a diagonal inside an alignment extends to (nearly always) the same alignment, so
 * each seed would report it again. A seed therefore reports its alignment only if no other seed of its
 * diagonal starts inside the alignment before it. The left extension finds that seed on its way: it
 * counts the matching run to its right, and a position where that run is at least {@code k} long and
 * whose query k-mer is in the table ({@code seeded}) is where {@link Lookup} made a seed. Once that
 * seed lies inside the alignment found so far, the seed cannot report (the alignment only grows to
 * the left), so both extensions stop there: a seed inside a long alignment costs the few steps back
 * to the seed before it, not the alignment's length, and comparing a genome with a close relative
 * (or itself) stays linear in the alignments' length instead of quadratic.
 */
@Node
public final class Extend {
  @Param final byte[] query;
  @Param final byte[] db;
  @Param final byte[] seeded;
  @Param final int k;
  @Param final int match;
  @Param final int mismatch;
  @Param final int xDrop;
  @Param final int threshold;

  public Extend(byte[] query, byte[] db, Settings s, QueryTable table) {
    this.query = query;
    this.db = db;
    this.seeded = table.seeded();
    this.k = s.k();
    this.match = s.match();
    this.mismatch = s.mismatch();
    this.xDrop = s.xDrop();
    this.threshold = s.threshold();
  }

  public void run(Seed seed, Out<Hit> hits) {
    int q = seed.queryPos();
    int d = seed.dbPos();

    // left of the seed: q - 1, q - 2, ...
    int score = 0;
    int bestLeft = 0;
    int left = 0;
    int run = k;
    int earlierSeed = -1;
    int i = q - 1;
    int j = d - 1;
    for (; i >= 0 && j >= 0; i--, j--) {
      int a = query[i];
      int b = db[j];
      if (a > 3 || b > 3) {
        break;
      }
      if (a == b) {
        score += match;
        run++;
      } else {
        score += mismatch;
        run = 0;
      }
      if (earlierSeed < 0 && run >= k && seeded[i] != 0) {
        earlierSeed = i;
      }
      if (score > bestLeft) {
        bestLeft = score;
        left = q - i;
      } else if (bestLeft - score > xDrop) {
        break;
      }
      if (earlierSeed >= q - left) {
        break; // the earlier seed reports this alignment
      }
    }

    // right of the seed: q + k, q + k + 1, ... (only for a seed that may report)
    int bestRight = 0;
    int right = 0;
    if (earlierSeed < q - left) {
      score = 0;
      i = q + k;
      j = d + k;
      for (; i < query.length && j < db.length; i++, j++) {
        int a = query[i];
        int b = db[j];
        if (a > 3 || b > 3) {
          break;
        }
        score += a == b ? match : mismatch;
        if (score > bestRight) {
          bestRight = score;
          right = i + 1 - q - k;
        } else if (bestRight - score > xDrop) {
          break;
        }
      }
    }

    int total = k * match + bestLeft + bestRight;
    if (total >= threshold && earlierSeed < q - left) {
      hits.push(new Hit(q - left, d - left, left + k + right, total));
    }
  }
}
