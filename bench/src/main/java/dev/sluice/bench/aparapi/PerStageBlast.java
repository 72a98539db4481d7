package dev.sluice.bench.aparapi;

import com.aparapi.Kernel;
import com.aparapi.Range;
import com.aparapi.device.OpenCLDevice;
import dev.sluice.examples.blast.Hit;
import dev.sluice.examples.blast.QueryTable;
import dev.sluice.examples.blast.Settings;
import dev.sluice.runtime.opencl.Kernels;
import java.util.ArrayList;
import java.util.List;

/**
 * The BLAST search as one Aparapi kernel per stage with compaction on the host: per batch of
 * {@link #POSITIONS} database positions the lookup kernel writes each position's seeds to its padded
 * slots and their count; the host brings both back and compacts the seeds into the extend kernel's
 * input; whenever that holds {@link #SEEDS} seeds (and at the end) the extend kernel runs over them
 * and the host compacts its flagged hits. The database, query and table go to the device once per run.
 * Every kernel is compiled for the device before the first run ({@link Kernels#compile}) and every
 * launch is checked to have run as OpenCL there ({@link Kernels#execute}).
 */
public final class PerStageBlast implements AutoCloseable {
  /** Database positions per lookup launch (16 padded seed slots each: 16 MiB of slots). */
  public static final int POSITIONS = 1 << 18;
  /** Seeds per extend launch. */
  public static final int SEEDS = 1 << 16;
  static final int LOCAL = 64;

  private final OpenCLDevice device;
  private final BlastStageKernels.Lookup lookup;
  private final BlastStageKernels.Extend extend;
  private final int positions;

  /** Kernels for {@code query} against the database positions {@code 0 .. positions - 1} of {@code db}. */
  public PerStageBlast(OpenCLDevice device, byte[] query, byte[] db, int positions, Settings s, QueryTable table) {
    this.device = device;
    this.positions = positions;
    lookup = new BlastStageKernels.Lookup(db, table.bucketStart(), table.kmers(), table.positions(), s.k(),
        s.tableBits(), POSITIONS);
    extend = new BlastStageKernels.Extend(query, db, table.seeded(), s.k(), s.match(), s.mismatch(), s.xDrop(),
        s.threshold(), SEEDS);
    Kernels.compile(lookup, device);
    Kernels.compile(extend, device);
  }

  /** Every hit, in no particular order. */
  public List<Hit> run() {
    List<Hit> hits = new ArrayList<>();
    lookup.put(lookup.db).put(lookup.bucketStart).put(lookup.kmers).put(lookup.positions);
    extend.put(extend.query).put(extend.db).put(extend.seeded);
    int pending = 0;
    for (int from = 0; from < positions; from += POSITIONS) {
      int b = Math.min(POSITIONS, positions - from);
      lookup.base = from;
      lookup.n = b;
      launch(lookup, b);
      lookup.get(lookup.cnt).get(lookup.slots);
      // compaction on the host: the padded seed slots, gathered straight into extend's input
      int[] cnt = lookup.cnt;
      int[] slots = lookup.slots;
      for (int i = 0; i < b; i++) {
        int c = cnt[i];
        for (int j = 0; j < c; j++) {
          if (pending == SEEDS) {
            extendSeeds(pending, hits);
            pending = 0;
          }
          extend.sq[pending] = slots[i * BlastStageKernels.MAX_SEEDS + j];
          extend.sd[pending] = from + i;
          pending++;
        }
      }
    }
    if (pending > 0) {
      extendSeeds(pending, hits);
    }
    return hits;
  }

  private void extendSeeds(int n, List<Hit> hits) {
    extend.n = n;
    extend.put(extend.sq).put(extend.sd);
    launch(extend, n);
    extend.get(extend.keep).get(extend.hq).get(extend.hd).get(extend.hlen).get(extend.hscore);
    int[] keep = extend.keep;
    for (int s = 0; s < n; s++) {
      if (keep[s] != 0) {
        hits.add(new Hit(extend.hq[s], extend.hd[s], extend.hlen[s], extend.hscore[s]));
      }
    }
  }

  private void launch(Kernel k, int n) {
    int global = (n + LOCAL - 1) / LOCAL * LOCAL;
    Range range = device.createRange(global, LOCAL);
    Kernels.execute(k, range, device);
  }

  public long deviceBytes() {
    return lookup.bytes() + extend.bytes();
  }

  @Override
  public void close() {
    lookup.dispose();
    extend.dispose();
  }
}
