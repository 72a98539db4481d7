package dev.sluice.bench.aparapi;

import com.aparapi.Kernel;

/**
 * The BLAST search's two stages as separate Aparapi kernels (the naive GPU approach). {@link Lookup}
 * reads the k-mer at each database position of a batch and writes its seeds (query positions) into
 * the position's own {@link #MAX_SEEDS} padded slots plus their number; the host compacts the slots
 * into a dense seed list; {@link Extend} extends each seed and writes a hit (or a 0 flag) in the
 * seed's own slot; the host compacts the hits. The code is the example's {@code Lookup.run} and
 * {@code Extend.run} over flat arrays.
 */
public final class BlastStageKernels {
  /** Seed slots per database position: the lookup's {@code @Max} ({@code QueryTable.MAX_POSITIONS}). */
  public static final int MAX_SEEDS = 16;

  private BlastStageKernels() {}

  /** Stage lookup: database positions {@code base .. base + n - 1}, one per work-item. */
  public static final class Lookup extends Kernel {
    public final byte[] db;
    public final int[] bucketStart;
    public final int[] kmers;
    public final int[] positions;
    public final int[] cnt;
    public final int[] slots;
    public int k;
    public int tableBits;
    public int base;
    public int n;

    public Lookup(byte[] db, int[] bucketStart, int[] kmers, int[] positions, int k, int tableBits, int batch) {
      this.db = db;
      this.bucketStart = bucketStart;
      this.kmers = kmers;
      this.positions = positions;
      this.k = k;
      this.tableBits = tableBits;
      this.cnt = new int[batch];
      this.slots = new int[batch * MAX_SEEDS];
    }

    @Override
    public void run() {
      int i = getGlobalId();
      if (i < n) {
        int d = base + i;
        int code = 0;
        int known = 1;
        for (int j = 0; j < k && known == 1; j++) {
          int b = db[d + j];
          if (b > 3) {
            known = 0;
          } else {
            code = code * 4 + b;
          }
        }
        int c = 0;
        if (known == 1) {
          // Lookup.bucket: Fibonacci hashing in long, as the example does
          long product = code * 0x9E3779B1L;
          int h = (int) ((product & 0xFFFFFFFFL) >>> (32 - tableBits));
          for (int e = bucketStart[h]; e < bucketStart[h + 1]; e++) {
            if (kmers[e] == code && c < MAX_SEEDS) {
              slots[i * MAX_SEEDS + c] = positions[e];
              c++;
            }
          }
        }
        cnt[i] = c;
      }
    }

    public long bytes() {
      return db.length + 4L * (bucketStart.length + kmers.length + positions.length + cnt.length + slots.length);
    }
  }

  /** Stage extend: seeds {@code 0 .. n - 1} (query position, database position), one per work-item. */
  public static final class Extend extends Kernel {
    public final byte[] query;
    public final byte[] db;
    public final byte[] seeded;
    public final int[] sq;
    public final int[] sd;
    public final int[] keep;
    public final int[] hq;
    public final int[] hd;
    public final int[] hlen;
    public final int[] hscore;
    public int k;
    public int match;
    public int mismatch;
    public int xDrop;
    public int threshold;
    public int n;

    public Extend(byte[] query, byte[] db, byte[] seeded, int k, int match, int mismatch, int xDrop, int threshold,
        int batch) {
      this.query = query;
      this.db = db;
      this.seeded = seeded;
      this.k = k;
      this.match = match;
      this.mismatch = mismatch;
      this.xDrop = xDrop;
      this.threshold = threshold;
      sq = new int[batch];
      sd = new int[batch];
      keep = new int[batch];
      hq = new int[batch];
      hd = new int[batch];
      hlen = new int[batch];
      hscore = new int[batch];
    }

    @Override
    public void run() {
      int s = getGlobalId();
      if (s < n) {
        int q = sq[s];
        int d = sd[s];
        int qn = query.length;
        int dn = db.length;

        int score = 0;
        int bestLeft = 0;
        int left = 0;
        int run = k;
        int earlierSeed = -1;
        int i = q - 1;
        int j = d - 1;
        int going = 1;
        while (going == 1 && i >= 0 && j >= 0) {
          int a = query[i];
          int b = db[j];
          if (a > 3 || b > 3) {
            going = 0;
          } else {
            if (a == b) {
              score += match;
              run += 1;
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
              going = 0;
            }
            if (earlierSeed >= q - left) {
              going = 0; // the earlier seed reports this alignment
            }
            i--;
            j--;
          }
        }

        score = 0;
        int bestRight = 0;
        int right = 0;
        i = q + k;
        j = d + k;
        // only a seed that may report extends right
        going = earlierSeed < q - left ? 1 : 0;
        while (going == 1 && i < qn && j < dn) {
          int a = query[i];
          int b = db[j];
          if (a > 3 || b > 3) {
            going = 0;
          } else {
            if (a == b) {
              score += match;
            } else {
              score += mismatch;
            }
            if (score > bestRight) {
              bestRight = score;
              right = i + 1 - q - k;
            } else if (bestRight - score > xDrop) {
              going = 0;
            }
            i++;
            j++;
          }
        }

        int total = k * match + bestLeft + bestRight;
        if (total >= threshold && earlierSeed < q - left) {
          keep[s] = 1;
          hq[s] = q - left;
          hd[s] = d - left;
          hlen[s] = left + k + right;
          hscore[s] = total;
        } else {
          keep[s] = 0;
        }
      }
    }

    public long bytes() {
      return query.length + db.length + seeded.length + 4L * 7 * sq.length;
    }
  }
}
