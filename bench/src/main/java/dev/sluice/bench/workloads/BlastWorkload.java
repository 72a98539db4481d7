package dev.sluice.bench.workloads;

import dev.sluice.bench.Fingerprint;
import dev.sluice.bench.Impl;
import dev.sluice.bench.OpenCl;
import dev.sluice.bench.Parallel;
import dev.sluice.bench.SluiceVariant;
import dev.sluice.bench.Variant;
import dev.sluice.bench.Workload;
import dev.sluice.bench.aparapi.PerStageBlast;
import dev.sluice.examples.blast.BlastPipeline;
import dev.sluice.examples.blast.BlastSearch;
import dev.sluice.examples.blast.Chunk;
import dev.sluice.examples.blast.DataFolder;
import dev.sluice.examples.blast.Dna;
import dev.sluice.examples.blast.GenomeFile;
import dev.sluice.examples.blast.Hit;
import dev.sluice.examples.blast.QueryTable;
import dev.sluice.examples.blast.Reference;
import dev.sluice.examples.blast.Seed;
import dev.sluice.examples.blast.Settings;
import dev.sluice.runtime.Device;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The flagship BLASTN-like search ({@code examples/.../blast}): the Salmonella 50 kb query against
 * the E. coli genome of the shared data folder, {@link Settings#DEFAULT}. Input items are database
 * k-mer start positions (cut into {@link BlastSearch#DEFAULT_CHUNK}-position chunks, the pipeline's
 * source items); the output is the multiset of {@link Hit}s.
 *
 * <p>Sizes: 1x, 4x and 16x are prefixes of 1/16, 1/4 and (all but at most 15 positions of) the whole
 * genome; a size beyond 16x repeats the genome. In quick mode, and only there, the input is a
 * synthetic random database with planted mutated copies of a random query (so the smoke test runs
 * BLAST without the data folder); without the data folder a full run reports every implementation
 * n/a with the reason.
 */
public final class BlastWorkload implements Workload {
  static final Settings SETTINGS = Settings.DEFAULT;
  /** Database positions at 1x in quick (synthetic) mode. */
  static final int QUICK_BASE = 1 << 14;
  static final int QUICK_QUERY = 8_000;

  private GenomeFile ecoli;
  private GenomeFile salmonella;
  private String missing;
  private PerStageBlast perStage;
  /** Set by {@link #baseItems}, which the harness calls before {@link #prepare}. */
  private boolean quick;

  @Override
  public String name() {
    return "blast";
  }

  @Override
  public String description() {
    return "BLASTN-like seed-match-and-extend, Salmonella 50 kb against E. coli; input: database positions";
  }

  @Override
  public long baseItems(boolean quick) {
    this.quick = quick;
    if (quick) {
      return QUICK_BASE;
    }
    if (!load()) {
      return 0;
    }
    return (ecoli.length() - SETTINGS.k() + 1) / 16;
  }

  /** Reads the genomes once; false (with {@link #missing} set) when the data folder is absent or unreadable. */
  private boolean load() {
    if (ecoli != null) {
      return true;
    }
    if (missing != null) {
      return false;
    }
    Optional<Path> dir = DataFolder.find();
    if (dir.isEmpty()) {
      missing = "real genome data absent: " + DataFolder.searched();
      return false;
    }
    try {
      ecoli = GenomeFile.read(dir.get().resolve(DataFolder.ECOLI));
      salmonella = GenomeFile.read(dir.get().resolve(DataFolder.SALMONELLA_50K));
      return true;
    } catch (IOException | UncheckedIOException e) {
      missing = "real genome data unreadable: " + e;
      return false;
    }
  }

  @Override
  public Prepared prepare(long items) {
    int n = Math.toIntExact(items);
    byte[] query;
    byte[] db;
    if (quick) {
      Random r = new Random(n);
      query = random(r, QUICK_QUERY);
      db = synthetic(r, query, n + SETTINGS.k() - 1);
    } else {
      if (!load()) {
        return unavailable(missing);
      }
      query = salmonella.sequence();
      db = prefix(ecoli.sequence(), n + SETTINGS.k() - 1);
    }
    BlastSearch search = BlastSearch.prepare(query, db, SETTINGS);
    Chunk[] chunks = search.chunks(BlastSearch.DEFAULT_CHUNK);
    List<Hit> ref = Reference.hits(query, db, SETTINGS);
    Fingerprint expected = fingerprintOf(ref);
    Scan scan = new Scan(query, db, SETTINGS, search.table());
    if (perStage != null) {
      perStage.close();
      perStage = null;
    }
    return new Prepared() {
      // built once per input (the search binds the database), so each OpenCL kernel builds once per size
      private BlastPipeline cpu;
      private BlastPipeline cpu1;
      private BlastPipeline opencl;

      @Override
      public long inputItems() {
        return search.kmerStarts();
      }

      @Override
      public long outputItems() {
        return expected.count();
      }

      @Override
      public Fingerprint expected() {
        return expected;
      }

      @Override
      @SuppressWarnings("unchecked")
      public Fingerprint fingerprint(Object output) {
        return fingerprintOf((List<Hit>) output);
      }

      @Override
      public Variant variant(Impl impl) throws Variant.Unavailable {
        return switch (impl) {
          case SLUICE_CPU -> {
            if (cpu == null) {
              cpu = search.builder().device(SluiceVariant.cpu()).build();
            }
            yield sluice(cpu);
          }
          case SLUICE_CPU_1T -> {
            if (cpu1 == null) {
              cpu1 = search.builder().device(SluiceVariant.cpu()).instances(1).build();
            }
            yield sluice(cpu1);
          }
          case SLUICE_OPENCL -> {
            if (opencl == null) {
              opencl = search.builder().device(OpenCl.sluiceDevice()).instances(OpenCl.groups()).build();
            }
            yield sluice(opencl);
          }
          case FUSED_1T -> () -> {
            List<Hit> out = new ArrayList<>();
            for (Chunk c : chunks) {
              scan.positions(c.start(), c.end(), out);
            }
            return new Variant.Outcome(out);
          };
          case FUSED_PAR -> () -> {
            // one thread per core, each claiming one chunk at a time
            List<List<Hit>> parts = Parallel.run(chunks.length, 1, t -> new Parallel.Worker<>() {
              final List<Hit> out = new ArrayList<>();

              @Override
              public void chunk(int from, int to) {
                for (int c = from; c < to; c++) {
                  scan.positions(chunks[c].start(), chunks[c].end(), out);
                }
              }

              @Override
              public List<Hit> result() {
                return out;
              }
            });
            List<Hit> out = new ArrayList<>();
            parts.forEach(out::addAll);
            return new Variant.Outcome(out);
          };
          case STREAM_PAR -> () -> new Variant.Outcome(Arrays.stream(chunks).parallel()
              .flatMapToInt(c -> IntStream.range(c.start(), c.end()))
              .boxed()
              .flatMap(scan::seeds)
              .flatMap(scan::extend)
              .toList());
          case APARAPI_STAGES -> {
            if (perStage == null) {
              perStage = new PerStageBlast(OpenCl.device(), query, db, search.kmerStarts(), SETTINGS, search.table());
            }
            PerStageBlast k = perStage;
            yield new Variant() {
              @Override
              public Outcome run() {
                return new Outcome(k.run());
              }

              @Override
              public long deviceBytes() {
                return k.deviceBytes();
              }
            };
          }
        };
      }

      private Variant sluice(BlastPipeline p) {
        return SluiceVariant.of(() -> {
          BlastPipeline.Result r = p.run(chunks);
          return new Variant.Outcome(r.hits(), r.report());
        });
      }
    };
  }

  /** A prepared input whose every implementation is n/a with {@code why}. */
  private static Prepared unavailable(String why) {
    Fingerprint none = Fingerprint.builder().build();
    return new Prepared() {
      @Override
      public long inputItems() {
        return 0;
      }

      @Override
      public long outputItems() {
        return 0;
      }

      @Override
      public Fingerprint expected() {
        return none;
      }

      @Override
      public Fingerprint fingerprint(Object output) {
        return none;
      }

      @Override
      public Variant variant(Impl impl) throws Variant.Unavailable {
        throw new Variant.Unavailable(why);
      }
    };
  }

  static Fingerprint fingerprintOf(List<Hit> hits) {
    Fingerprint.Builder b = Fingerprint.builder();
    for (Hit h : hits) {
      b.addFields(h.queryStart(), h.dbStart(), h.length(), h.score());
    }
    return b.build();
  }

  /** The first {@code length} bases of {@code genome}, repeating it when it is shorter. */
  public static byte[] prefix(byte[] genome, int length) {
    if (length <= genome.length) {
      return Arrays.copyOf(genome, length);
    }
    byte[] out = new byte[length];
    for (int at = 0; at < length; at += genome.length) {
      System.arraycopy(genome, 0, out, at, Math.min(genome.length, length - at));
    }
    return out;
  }

  static byte[] random(Random r, int n) {
    byte[] s = new byte[n];
    for (int i = 0; i < n; i++) {
      s[i] = (byte) r.nextInt(4);
    }
    return s;
  }

  /**
   * A random database of {@code length} bases with a mutated copy (2 to 15% of bases changed) of a
   * random 60 to 400 base piece of the query every 1,000 bases or so, some unknown bases, and a run of
   * {@code A} in the query whose k-mer exceeds the cap.
   */
  static byte[] synthetic(Random r, byte[] query, int length) {
    for (int i = query.length / 2; i < query.length / 2 + 40; i++) {
      query[i] = Dna.A;
    }
    query[query.length / 3] = Dna.UNKNOWN;
    byte[] db = random(r, length);
    for (int at = r.nextInt(500); at + 400 < length; at += 600 + r.nextInt(800)) {
      int len = 60 + r.nextInt(340);
      int from = r.nextInt(query.length - len);
      double rate = 0.02 + 0.13 * r.nextDouble();
      for (int i = 0; i < len; i++) {
        int b = query[from + i];
        db[at + i] = (byte) (b < 4 && r.nextDouble() < rate ? (b + 1 + r.nextInt(3)) % 4 : b);
      }
      if (r.nextInt(10) == 0) {
        db[at + r.nextInt(len)] = Dna.UNKNOWN;
      }
    }
    return db;
  }

  /**
   * The search's per-position logic written out by hand over flat arrays: {@link #positions} is the
   * hand-fused loop (the example's {@code Lookup.run} and {@code Extend.run} inlined, no queues);
   * {@link #seeds} and {@link #extend} are the same code as the two steps of a stream.
   */
  static final class Scan {
    final byte[] query;
    final byte[] db;
    final byte[] seeded;
    final int k;
    final int tableBits;
    final int[] bucketStart;
    final int[] kmers;
    final int[] at;
    final int match;
    final int mismatch;
    final int xDrop;
    final int threshold;

    Scan(byte[] query, byte[] db, Settings s, QueryTable table) {
      this.query = query;
      this.db = db;
      this.seeded = table.seeded();
      this.k = s.k();
      this.tableBits = s.tableBits();
      this.bucketStart = table.bucketStart();
      this.kmers = table.kmers();
      this.at = table.positions();
      this.match = s.match();
      this.mismatch = s.mismatch();
      this.xDrop = s.xDrop();
      this.threshold = s.threshold();
    }

    /** The hits of database positions {@code from .. to - 1}, appended to {@code out}. */
    void positions(int from, int to, List<Hit> out) {
      for (int d = from; d < to; d++) {
        int code = code(d);
        if (code >= 0) {
          int h = bucket(code);
          for (int e = bucketStart[h], end = bucketStart[h + 1]; e < end; e++) {
            if (kmers[e] == code) {
              Hit hit = extend(at[e], d);
              if (hit != null) {
                out.add(hit);
              }
            }
          }
        }
      }
    }

    /** The seeds of database position {@code d}, as a stream step. */
    Stream<Seed> seeds(int d) {
      int code = code(d);
      if (code < 0) {
        return Stream.empty();
      }
      int h = bucket(code);
      Stream.Builder<Seed> b = null;
      for (int e = bucketStart[h], end = bucketStart[h + 1]; e < end; e++) {
        if (kmers[e] == code) {
          if (b == null) {
            b = Stream.builder();
          }
          b.add(new Seed(at[e], d));
        }
      }
      return b == null ? Stream.empty() : b.build();
    }

    /** The hit of {@code seed}, as a stream step. */
    Stream<Hit> extend(Seed seed) {
      Hit h = extend(seed.queryPos(), seed.dbPos());
      return h == null ? Stream.empty() : Stream.of(h);
    }

    /** The code of the k-mer at database position {@code d}, or -1 if it has an unknown base. */
    int code(int d) {
      int code = 0;
      for (int j = 0; j < k; j++) {
        int b = db[d + j];
        if (b > 3) {
          return -1;
        }
        code = code * 4 + b;
      }
      return code;
    }

    int bucket(int code) {
      long product = code * 0x9E3779B1L;
      return (int) ((product & 0xFFFFFFFFL) >>> (32 - tableBits));
    }

    /** The example's {@code Extend.run}: the seed's alignment, or null if it is not reported. */
    Hit extend(int q, int d) {
      int score = 0;
      int bestLeft = 0;
      int left = 0;
      int run = k;
      int earlierSeed = -1;
      for (int i = q - 1, j = d - 1; i >= 0 && j >= 0; i--, j--) {
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
          return null; // the earlier seed reports this alignment
        }
      }
      score = 0;
      int bestRight = 0;
      int right = 0;
      for (int i = q + k, j = d + k; i < query.length && j < db.length; i++, j++) {
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
      int total = k * match + bestLeft + bestRight;
      return total >= threshold && earlierSeed < q - left ? new Hit(q - left, d - left, left + k + right, total) : null;
    }
  }

  @Override
  public void close() {
    if (perStage != null) {
      perStage.close();
      perStage = null;
    }
  }
}
