package dev.sluice.spark.blast;

import dev.sluice.examples.blast.Chunk;
import dev.sluice.examples.blast.Hit;
import dev.sluice.examples.blast.SequenceFile;
import dev.sluice.examples.blast.StandardOutput;
import dev.sluice.examples.blast.Settings;
import dev.sluice.examples.blast.TabularRow;
import dev.sluice.runtime.Device;
import dev.sluice.spark.SluiceRun;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkException;
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
 * <p>Reads the files on the driver as the BLAST command does ({@link SequenceFile}: FASTA or plain
 * sequence, one sequence per file, a file it cannot read refused with its line), prints the hits in the
 * BLAST command's columns ({@link TabularRow}: {@code qseqid sseqid pident length mismatch gapopen qstart
 * qend sstart send score}, named as it names them, best score first) on stdout, and the run's summary and summed report on stderr. The plus strand of each query
 * is searched, with BLASTN's default word size and scores ({@code Settings.DEFAULT}). {@code -repeat N}
 * searches N times in the one application and prints each search's time and query positions per
 * second on stderr (the first search includes the executors' JIT warm-up); the hits are printed once.
 * A mistake in the arguments exits with status 2; an unreadable input, two queries of one name or a
 * failed search with 1; each with one line of its own on
 * stderr.
 */
public final class SparkBlastJob {
  static final String USAGE = "usage: SparkBlastJob -db FILE -query FILE [-query FILE ...] [-partitions N]"
      + " [-chunk N] [-device cpu|opencl|gpu|opencl:N] [-repeat N] [-help]";

  private SparkBlastJob() {}

  /** A mistake in the arguments (exit status 2). */
  static final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }

  /** The parsed command line. */
  record Options(Path db, List<Path> queries, int partitions, int chunk, String device, int repeat) {
    /** The options, or null when they ask for help ({@code -help}, {@code -h}). */
    static Options parse(String... args) throws UsageException {
      Path db = null;
      List<Path> queries = new ArrayList<>();
      int partitions = 0;
      int chunk = SparkBlast.DEFAULT_CHUNK;
      String device = null;
      int repeat = 1;
      // help wins wherever it is among the options (a value is read as a value: -db -help names a file)
      for (int i = 0; i < args.length; i += 2) {
        if (args[i].equals("-help") || args[i].equals("-h")) {
          return null;
        }
      }
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (int i = 0; i < args.length; i++) {
        String value = i + 1 < args.length ? args[i + 1] : null;
        // a second value of a one-value option would silently win, as in the BLAST command
        if (!args[i].equals("-query") && !seen.add(args[i]) && args[i].startsWith("-")) {
          throw new UsageException(args[i] + " is given twice");
        }
        switch (args[i]) {
          case "-db" -> db = Path.of(need(args[i], value));
          case "-query" -> queries.add(Path.of(need(args[i], value)));
          case "-partitions" -> partitions = number(args[i], need(args[i], value));
          case "-chunk" -> chunk = number(args[i], need(args[i], value));
          case "-device" -> device = deviceName(need(args[i], value));
          case "-repeat" -> repeat = number(args[i], need(args[i], value));
          default -> throw new UsageException("unknown argument '" + args[i] + "'");
        }
        i++;
      }
      if (db == null || queries.isEmpty()) {
        throw new UsageException(db == null ? "no -db FILE" : "no -query FILE");
      }
      return new Options(db, queries, partitions, chunk, device, repeat);
    }

    private static String need(String option, String value) throws UsageException {
      if (value == null) {
        throw new UsageException(option + " needs a value");
      }
      return value;
    }

    private static int number(String option, String value) throws UsageException {
      try {
        int n = Integer.parseInt(value.trim());
        if (n >= 1) {
          return n;
        }
      } catch (NumberFormatException e) {
        // said below
      }
      throw new UsageException(option + " takes a positive whole number, not '" + value + "'");
    }

    /** The name checked here, on the driver: whether the device is there is found on each executor. */
    private static String deviceName(String value) throws UsageException {
      try {
        return Device.checkName(value);
      } catch (IllegalArgumentException e) {
        throw new UsageException("-device: " + e.getMessage());
      }
    }
  }

  public static void main(String[] args) {
    int status = run(args, StandardOutput.open(), System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /**
   * Runs the job; returns its exit status (0 fine, 1 unreadable input, a failed search or failed
   * output, 2 bad arguments, 141 a closed pipe on {@link StandardOutput}).
   */
  static int run(String[] args, PrintStream out, PrintStream err) {
    try {
      return runFlushed(args, out, err);
    } finally {
      // StandardOutput buffers: what any path printed (the usage for -help) is written
      out.flush();
    }
  }

  private static int runFlushed(String[] args, PrintStream out, PrintStream err) {
    Options o;
    try {
      o = Options.parse(args);
    } catch (UsageException e) {
      err.println("sluice-spark: " + e.getMessage());
      err.println(USAGE);
      return 2;
    }
    if (o == null) {
      out.println(USAGE);
      return 0;
    }
    // the inputs as the BLAST command reads them: one sequence a file, refused with file and line
    byte[] database;
    String dbName;
    List<String> names = new ArrayList<>();
    List<byte[]> sequences = new ArrayList<>();
    java.util.Map<String, Path> named = new java.util.HashMap<>();
    try {
      SequenceFile db = SequenceFile.read(o.db());
      database = db.genome().sequence();
      dbName = db.id();
      for (Path q : o.queries()) {
        // named as the BLAST command names them: the FASTA header's first word, else the file's name
        SequenceFile query = SequenceFile.read(q);
        Path before = named.putIfAbsent(query.id(), q);
        if (before != null) {
          err.println("sluice-spark: " + q + ": the query is named '" + query.id() + "', as " + before
              + " is: their hits could not be told apart; give one of them another FASTA header");
          return 1;
        }
        names.add(query.id());
        sequences.add(query.genome().sequence());
      }
    } catch (SequenceFile.UnreadableException e) {
      err.println("sluice-spark: " + e.getMessage());
      return 1;
    }
    Settings settings = new Settings(Settings.DEFAULT.k(), 20, Settings.DEFAULT.maxPositions(),
        Settings.DEFAULT.match(), Settings.DEFAULT.mismatch(), Settings.DEFAULT.xDrop(), Settings.DEFAULT.threshold());

    try (JavaSparkContext sc = new JavaSparkContext(new SparkConf().setAppName("Sluice BLAST"))) {
      SparkBlast search = SparkBlast.prepare(sc, database, Queries.of(names, sequences), settings)
          .with(s -> s.device(o.device()));
      if (search.dropped() > 0) {
        // the database is the indexed side here: fewer seeds than the single-machine search finds
        err.printf(Locale.ROOT, "sluice-spark: warning: %,d database positions left out of the seed table: their"
            + " %d-mers occur more than %d times in the database (the cap per k-mer); alignments seeded only there"
            + " are not found%n", search.dropped(), settings.k(), settings.maxPositions());
      }
      int chunkCount = search.chunkCount(o.chunk());
      int parts = o.partitions() > 0 ? o.partitions() : sc.defaultParallelism();
      if (parts > chunkCount) {
        // a partition beyond the chunks holds nothing, yet Spark schedules a task for it
        if (o.partitions() > 0) {
          err.printf(Locale.ROOT, "sluice-spark: -partitions %d: the queries make %d chunk(s) of at most %d positions;"
              + " using %d partition(s)%n", o.partitions(), chunkCount, o.chunk(), Math.max(1, chunkCount));
        }
        parts = Math.max(1, chunkCount);
      }
      JavaRDD<Chunk> chunks = search.chunks(sc, parts, o.chunk());
      long positions = search.positions();
      SluiceRun<QueryHit, Void> run = null;
      List<QueryHit> hits = null;
      double seconds = 0;
      try {
        for (int r = 1; r <= o.repeat(); r++) {
          long t0 = System.nanoTime();
          run = search.run(chunks);
          hits = new ArrayList<>(run.items().collect());
          seconds = (System.nanoTime() - t0) / 1e9;
          if (o.repeat() > 1) {
            err.printf(Locale.ROOT, "sluice-spark: search %d of %d: %.3f s, %.4g query positions/s%n", r, o.repeat(),
                seconds, positions / seconds);
          }
        }
      } catch (Exception e) {
        if (!(e instanceof SparkException)) {
          throw e;
        }
        // a task failed on an executor (a device missing there, a node's exception): its reason, not Spark's
        // trace; any other failure of the job (a closure that cannot be serialized, the context shut down)
        // with its causes, which name what Spark's own message leaves out
        String message = String.valueOf(e.getMessage());
        err.println(message.startsWith(TASK_FAILURE) ? "sluice-spark: the search failed in a Spark task: "
            + taskReason(message) : "sluice-spark: the search failed: " + causes(e));
        return 1;
      }
      // a total order, as the BLAST command's: the output is the same bytes whatever the partitions
      hits.sort(Comparator.comparingInt(QueryHit::score).reversed().thenComparing(QueryHit::query)
          .thenComparingInt(QueryHit::queryStart).thenComparingInt(QueryHit::dbStart)
          .thenComparing(Comparator.comparingInt(QueryHit::length).reversed()));
      java.util.Map<String, byte[]> sequenceOf = new java.util.HashMap<>();
      for (int q = 0; q < names.size(); q++) {
        sequenceOf.put(names.get(q), sequences.get(q));
      }
      for (QueryHit h : hits) {
        TabularRow row = TabularRow.of(new Hit(h.queryStart(), h.dbStart(), h.length(), h.score()),
            sequenceOf.get(h.query()), database, false);
        out.println(row.format(h.query(), dbName));
      }
      out.flush();
      if (out instanceof StandardOutput stdout && stdout.readerLeft()) {
        return StandardOutput.CLOSED_PIPE; // | head: as the BLAST command
      }
      if (out.checkError()) {
        err.println("sluice-spark: writing the hits failed (a full disk?)");
        return 1;
      }
      // a query with no k-mer (shorter than the word size) gives no chunk to search
      String report = run.ranReport().map(String::valueOf).orElse("no partition held query positions: nothing ran\n");
      err.printf(Locale.ROOT, "sluice-spark: %d hits of %d queries in %.2f s, %d partitions on executors %s,"
          + " %d pipeline object(s)%n%s", hits.size(), names.size(), seconds, run.partitions(), run.executors(),
          run.pipelineObjects().size(), report);
    }
    return 0;
  }

  /** How Spark's message for a job whose task failed on an executor begins. */
  static final String TASK_FAILURE = "Job aborted due to stage failure";

  /**
   * The reason in a failed task's message, on one line, without the stack traces Spark appends: its
   * first line ("Job aborted due to stage failure: ... Lost task ...: the exception and its message")
   * and any further lines of the exception's own message, joined with "; ", up to the first stack frame.
   */
  static String taskReason(String message) {
    StringBuilder reason = new StringBuilder();
    for (String line : message.split("\\R")) {
      String t = line.strip();
      if (t.startsWith("at ") || t.startsWith("- ") || t.isEmpty() || t.startsWith("Driver stacktrace:")
          || t.startsWith("Serialization stack:")) {
        break;
      }
      reason.append(reason.length() == 0 ? "" : "; ").append(t);
    }
    return reason.toString();
  }

  /** A failure and its causes, each message's first line, on one line: "Task not serializable (...: Foo)". */
  static String causes(Throwable e) {
    StringBuilder b = new StringBuilder(firstLine(e.getMessage(), e));
    for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
      b.append(" (").append(c.getClass().getName()).append(": ").append(firstLine(c.getMessage(), c)).append(')');
    }
    return b.toString();
  }

  private static String firstLine(String message, Throwable e) {
    return message == null || message.isBlank() ? e.getClass().getName() : message.strip().lines().findFirst().orElse("");
  }
}
