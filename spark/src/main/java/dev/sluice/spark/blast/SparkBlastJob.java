package dev.sluice.spark.blast;

import dev.sluice.examples.blast.Chunk;
import dev.sluice.examples.blast.GenomeFile;
import dev.sluice.examples.blast.Settings;
import dev.sluice.spark.SluiceRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * {@link SparkBlast} as a Spark application, for {@code spark-submit} (docs/spark.md):
 *
 * <pre>
 * spark-submit --class dev.sluice.spark.blast.SparkBlastJob --jars ... sluice-spark.jar \
 *     -db ecoli.txt -query a.fa -query b.fa [-partitions N] [-chunk N] [-device SPEC] [-repeat N]
 * </pre>
 *
 * <p>Reads the files on the driver (FASTA or plain sequence, one sequence per file), prints the hits as
 * tab-separated {@code query database qstart qend sstart send length score} (1-based, best score
 * first) on stdout, and the run's summary and summed report on stderr. The plus strand of each query
 * is searched, with BLASTN's default word size and scores ({@code Settings.DEFAULT}). {@code -repeat N}
 * searches N times in the one application and prints each search's time and query positions per
 * second on stderr (the first search includes the executors' JIT warm-up); the hits are printed once.
 */
public final class SparkBlastJob {
  static final String USAGE = "usage: SparkBlastJob -db FILE -query FILE [-query FILE ...] [-partitions N]"
      + " [-chunk N] [-device cpu|opencl|gpu|opencl:N] [-repeat N]";

  private SparkBlastJob() {}

  public static void main(String[] args) throws IOException {
    Path db = null;
    List<Path> queries = new ArrayList<>();
    int partitions = 0;
    int chunk = SparkBlast.DEFAULT_CHUNK;
    String device = null;
    int repeat = 1;
    for (int i = 0; i < args.length; i++) {
      String value = i + 1 < args.length ? args[i + 1] : null;
      switch (args[i]) {
        case "-db" -> db = Path.of(need(args[i], value));
        case "-query" -> queries.add(Path.of(need(args[i], value)));
        case "-partitions" -> partitions = number(args[i], need(args[i], value));
        case "-chunk" -> chunk = number(args[i], need(args[i], value));
        case "-device" -> device = need(args[i], value);
        case "-repeat" -> repeat = number(args[i], need(args[i], value));
        default -> throw new IllegalArgumentException("unknown argument '" + args[i] + "'\n" + USAGE);
      }
      i++;
    }
    if (db == null || queries.isEmpty()) {
      throw new IllegalArgumentException((db == null ? "no -db FILE" : "no -query FILE") + "\n" + USAGE);
    }
    GenomeFile database = GenomeFile.read(db);
    List<String> names = new ArrayList<>();
    List<byte[]> sequences = new ArrayList<>();
    for (Path q : queries) {
      names.add(q.getFileName().toString());
      sequences.add(GenomeFile.read(q).sequence());
    }
    Settings settings = new Settings(Settings.DEFAULT.k(), 20, Settings.DEFAULT.maxPositions(),
        Settings.DEFAULT.match(), Settings.DEFAULT.mismatch(), Settings.DEFAULT.xDrop(), Settings.DEFAULT.threshold());

    try (JavaSparkContext sc = new JavaSparkContext(new SparkConf().setAppName("Sluice BLAST"))) {
      String named = device;
      SparkBlast search = SparkBlast.prepare(sc, database.sequence(), Queries.of(names, sequences), settings)
          .with(s -> s.device(named));
      int parts = partitions > 0 ? partitions : sc.defaultParallelism();
      JavaRDD<Chunk> chunks = search.chunks(sc, parts, chunk);
      long positions = search.positions();
      SluiceRun<QueryHit, Void> run = null;
      List<QueryHit> hits = null;
      double seconds = 0;
      for (int r = 1; r <= repeat; r++) {
        long t0 = System.nanoTime();
        run = search.run(chunks);
        hits = new ArrayList<>(run.items().collect());
        seconds = (System.nanoTime() - t0) / 1e9;
        if (repeat > 1) {
          System.err.printf(Locale.ROOT, "sluice-spark: search %d of %d: %.3f s, %.4g query positions/s%n", r, repeat,
              seconds, positions / seconds);
        }
      }
      hits.sort(Comparator.comparingInt(QueryHit::score).reversed().thenComparing(QueryHit::query)
          .thenComparingInt(QueryHit::queryStart).thenComparingInt(QueryHit::dbStart));
      String dbName = db.getFileName().toString();
      for (QueryHit h : hits) {
        System.out.printf(Locale.ROOT, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d%n", h.query(), dbName, h.queryStart() + 1,
            h.queryStart() + h.length(), h.dbStart() + 1, h.dbStart() + h.length(), h.length(), h.score());
      }
      // a query with no k-mer (empty, or shorter than the word size) gives no chunk to search
      String report = run.ranReport().map(String::valueOf).orElse("no partition held query positions: nothing ran\n");
      System.err.printf(Locale.ROOT, "sluice-spark: %d hits of %d queries in %.2f s, %d partitions on executors %s,"
          + " %d pipeline object(s)%n%s", hits.size(), names.size(), seconds, run.partitions(), run.executors(),
          run.pipelineObjects().size(), report);
    }
  }

  private static String need(String option, String value) {
    if (value == null) {
      throw new IllegalArgumentException(option + " needs a value\n" + USAGE);
    }
    return value;
  }

  private static int number(String option, String value) {
    try {
      int n = Integer.parseInt(value.trim());
      if (n < 1) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " takes a positive whole number, not '" + value + "'");
    }
  }
}
