package dev.sluice.bench.probe;

import dev.sluice.Out;
import dev.sluice.bench.Impl;
import dev.sluice.bench.Variant;
import dev.sluice.bench.Workload;
import dev.sluice.bench.workloads.BlastWorkload;
import dev.sluice.examples.blast.BlastSearch;
import dev.sluice.examples.blast.Chunk;
import dev.sluice.examples.blast.DataFolder;
import dev.sluice.examples.blast.Extend;
import dev.sluice.examples.blast.GenomeFile;
import dev.sluice.examples.blast.Hit;
import dev.sluice.examples.blast.Lookup;
import dev.sluice.examples.blast.QueryTable;
import dev.sluice.examples.blast.Seed;
import dev.sluice.examples.blast.Settings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * How much of BLAST's per-core gap to the hand-fused loop is Sluice, and how much is the example's node
 * objects. On one thread, in the thread's CPU time: the bench's {@code fused-1t} (the lookup and the
 * extension over flat arrays, the settings in locals, no seed objects), the example's {@code Lookup}
 * and {@code Extend} objects called by hand (each position's seeds into a small buffer, then each seed
 * extended; the objects made outside the loop, as a pipeline's factories make them), and {@code
 * sluice-cpu-1t} (the direct executor, one instance). Runs them in turn, {@code probe.rounds} rounds
 * (default 15, the first third warm-up), checks each output against the reference, and prints each
 * one's median and the median of its ratio to {@code fused-1t}'s in each round. Needs the shared data
 * folder.
 *
 * <pre>
 * mvn -B -ntp -q install -DskipTests &amp;&amp; mvn -B -ntp -q -pl bench exec:java \
 *     -Dbench.main=dev.sluice.bench.probe.BlastWork [-Dprobe.scale=4]
 * </pre>
 */
public final class BlastWork {
  private BlastWork() {}

  public static void main(String[] args) throws Exception {
    int scale = Integer.getInteger("probe.scale", 1);
    int rounds = Integer.getInteger("probe.rounds", 15);
    BlastWorkload w = new BlastWorkload();
    long items = w.baseItems(false) * scale;
    if (items == 0) {
      throw new IllegalStateException("the shared data folder is needed: " + DataFolder.searched());
    }
    Workload.Prepared p = w.prepare(items);
    Variant fused = p.variant(Impl.FUSED_1T);
    Variant sluice = p.variant(Impl.SLUICE_CPU_1T);
    // the same input as the workload's: its query and its database prefix
    Path dir = DataFolder.find().orElseThrow();
    byte[] query = GenomeFile.read(dir.resolve(DataFolder.SALMONELLA_50K)).sequence();
    byte[] genome = GenomeFile.read(dir.resolve(DataFolder.ECOLI)).sequence();
    Settings settings = Settings.DEFAULT;
    BlastSearch search = BlastSearch.prepare(query, BlastWorkload.prefix(genome, Math.toIntExact(items) + settings.k() - 1),
        settings);
    Chunk[] chunks = search.chunks(BlastSearch.DEFAULT_CHUNK);
    // made here, as a pipeline's factories make them: the loop below cannot see their fields' values
    Lookup lookup = search.lookup();
    Extend extend = search.extend();
    String[] names = {"fused-1t", "Lookup and Extend called by hand", "sluice-cpu-1t (direct calls)"};
    List<Supplier<Object>> runs = List.of(() -> CpuRounds.output(fused), () -> nodesByHand(chunks, lookup, extend),
        () -> CpuRounds.output(sluice));
    long[][] cpu = CpuRounds.time(runs, rounds, (out, k) -> {
      if (!p.fingerprint(out).equals(p.expected())) {
        throw new IllegalStateException("blast " + names[k] + " differs from the reference");
      }
    });
    System.out.printf(Locale.ROOT, "BLAST, one thread, CPU time, x%d (%d positions), median of the last %d of %d rounds (the"
        + " times, and each round's ratio)%n",
        scale, items, rounds - rounds / 3, rounds);
    for (int k = 0; k < runs.size(); k++) {
      double m = CpuRounds.median(cpu[k]);
      System.out.printf(Locale.ROOT, "  %-36s %8.2f ms  %5.2fx fused-1t's time%n", names[k], m / 1e6,
          CpuRounds.pairedRatio(cpu[k], cpu[0]));
    }
    fused.close();
    sluice.close();
    w.close();
  }

  /** One position's seeds, as a loop written by hand would keep them. */
  private static final class Seeds implements Out<Seed> {
    final Seed[] a = new Seed[QueryTable.MAX_POSITIONS];
    int n;

    @Override
    public void push(Seed item) {
      a[n++] = item;
    }
  }

  /** The example's {@code Lookup} and {@code Extend}, called per position and per seed with no pipeline around them. */
  static List<Hit> nodesByHand(Chunk[] chunks, Lookup lookup, Extend extend) {
    List<Hit> out = new ArrayList<>();
    Out<Hit> hits = out::add;
    Seeds seeds = new Seeds();
    for (Chunk c : chunks) {
      int n = c.end() - c.start();
      for (int i = 0; i < n; i++) {
        seeds.n = 0;
        lookup.run(i, c, seeds);
        for (int s = 0; s < seeds.n; s++) {
          extend.run(seeds.a[s], hits);
        }
      }
    }
    return out;
  }
}
