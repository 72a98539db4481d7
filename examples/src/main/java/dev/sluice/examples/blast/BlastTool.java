package dev.sluice.examples.blast;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.DeviceLine;
import dev.sluice.runtime.DeviceUnavailableException;
import dev.sluice.runtime.ProgressListener;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The flagship as a command: searches a query file against a database file with {@link Blast} and
 * prints the hits as tab-separated columns in the order of BLAST's {@code -outfmt 6}.
 *
 * <pre>
 * mvn -q -pl examples exec:java@blast -Dexec.args="-query q.fa -subject db.fa -strand both"
 * </pre>
 *
 * <p>The columns are {@code qseqid sseqid pident length mismatch gapopen qstart qend sstart send
 * score}: outfmt 6's first ten, in its order, then the raw score. The search is ungapped, so
 * {@code gapopen} is always 0 (true of every alignment it reports), and it computes no statistics, so
 * {@code evalue} and {@code bitscore} are not printed; the raw score takes their place, as in BLAST's
 * {@code -outfmt "6 qseqid sseqid pident length mismatch gapopen qstart qend sstart send score"}.
 * Positions are 1-based; a hit of the query's minus strand has {@code sstart > send}, as in BLAST.
 * Hits are sorted by score, best first, then by query and subject start, then the longer first, then by
 * subject end.
 *
 * <p>Each file is read by {@link SequenceFile} and must hold one sequence: a file that cannot be
 * opened, holds binary data, a letter that is no nucleotide code, a second FASTA record or no base at
 * all is refused with its name and line. Errors in the arguments exit with status 2, unreadable input with 1;
 * a reader that closes the pipe before the last hit ({@code | head}) ends it in silence with 141.
 */
public final class BlastTool {
  /** A database at least this long, counted over the strands searched, gets progress lines on stderr. */
  static final long LONG_INPUT = 1_000_000;

  /** The runtime's device logger, held so that the level -quiet gives it stays (JUL keeps loggers weakly). */
  private static final java.util.logging.Logger DEVICE_LOG = java.util.logging.Logger.getLogger(DeviceLine.LOGGER);

  private BlastTool() {}

  /** Which strands of the query are searched against the database. */
  public enum Strand {
    PLUS,
    MINUS,
    BOTH
  }

  /** The command line. */
  public record Options(Path query, Path subject, int wordSize, int xDrop, int minScore, int reward, int penalty,
      Strand strand, String device, boolean header, boolean quiet) {

    static final String USAGE = """
        usage: blast -query FILE -subject FILE [options]
          -query FILE       the query: FASTA or plain sequence, one sequence (- reads standard input)
          -subject FILE     the database to search: FASTA or plain sequence, one sequence (- too)
          -word_size N      seed length, an exact match of N bases (1..15; default 11)
          -xdrop_ungap N    stop extending when the score falls more than N below its best (raw; default 10)
          -min_score N      report hits scoring at least N (raw score; default 30)
          -reward N         score of a match (default 1)
          -penalty N        score of a mismatch, negative (default -2)
          -strand S         plus, minus or both strands of the query (default both)
          -device D         best, cpu (or jvm), cpu:scheduled, opencl, gpu or opencl:N (default best)
          -header           print a '# Fields:' line before the hits
          -quiet            no progress lines or warnings on stderr
          -help             this text
        output: qseqid sseqid pident length mismatch gapopen qstart qend sstart send score, tab-separated""";

    /** Parses {@code args}; null when they ask for help. Options take one dash or two. */
    static Options parse(String... args) throws UsageException {
      Path query = null;
      Path subject = null;
      int wordSize = Settings.DEFAULT.k();
      int xDrop = Settings.DEFAULT.xDrop();
      int minScore = Settings.DEFAULT.threshold();
      int reward = Settings.DEFAULT.match();
      int penalty = Settings.DEFAULT.mismatch();
      Strand strand = Strand.BOTH;
      String device = "best";
      boolean header = false;
      boolean quiet = false;
      java.util.Set<String> given = new java.util.HashSet<>();
      for (int i = 0; i < args.length; i++) {
        String arg = args[i];
        String name = arg.startsWith("--") ? arg.substring(2) : arg.startsWith("-") ? arg.substring(1) : null;
        if (name == null) {
          throw new UsageException("unexpected argument '" + arg + "'; files are given with -query and -subject");
        }
        switch (name) {
          case "help", "h" -> {
            return null;
          }
          case "header" -> header = true;
          case "quiet" -> quiet = true;
          default -> {
            if (i + 1 >= args.length) {
              throw new UsageException(known(name) ? arg + " needs a value" : "unknown option " + arg);
            }
            String value = args[++i];
            // one value per option: a second would silently win over the first
            String canonical = name.equals("db") ? "subject" : name;
            if (!given.add(canonical)) {
              throw new UsageException(arg + " is given twice" + (canonical.equals("subject") ? " (-db is -subject)" : ""));
            }
            if ((canonical.equals("query") || canonical.equals("subject"))
                && (value.isBlank() || value.startsWith("-") && known(value.replaceFirst("^--?", "")))) {
              throw new UsageException(arg + " needs a file, not " + (value.isBlank() ? "an empty name" : "the option " + value));
            }
            switch (name) {
              case "query" -> query = file(value);
              case "subject", "db" -> subject = file(value);
              case "word_size" -> wordSize = number(arg, value, 1, 15);
              case "xdrop_ungap" -> xDrop = number(arg, value);
              case "min_score" -> minScore = number(arg, value);
              case "reward" -> reward = number(arg, value);
              case "penalty" -> penalty = number(arg, value);
              case "strand" -> strand = switch (value.toLowerCase(Locale.ROOT)) {
                case "plus" -> Strand.PLUS;
                case "minus" -> Strand.MINUS;
                case "both" -> Strand.BOTH;
                default -> throw new UsageException(arg + " must be plus, minus or both, not '" + value + "'");
              };
              case "device" -> device = value;
              default -> throw new UsageException("unknown option " + arg);
            }
          }
        }
      }
      if (query == null || subject == null) {
        throw new UsageException(query == null ? "no query: give -query FILE" : "no database: give -subject FILE");
      }
      if (query.equals(STDIN) && subject.equals(STDIN)) {
        throw new UsageException("-query and -subject are both - (standard input), which holds one of them");
      }
      // the limits of Settings, said with the options' names
            check(xDrop >= 0, "-xdrop_ungap must not be negative, not " + xDrop);
      check(reward > 0, "-reward must be positive, not " + reward);
      check(penalty < 0, "-penalty must be negative, not " + penalty);
      return new Options(query, subject, wordSize, xDrop, minScore, reward, penalty, strand, device, header, quiet);
    }

    /** Standard input, as {@code -} names it: read through the system's file for it (Linux and macOS). */
    static final Path STDIN = Path.of("/dev/stdin");

    /** A file named on the command line; {@code -} is standard input, as for most sequence tools. */
    private static Path file(String value) {
      return value.equals("-") ? STDIN : Path.of(value);
    }

    private static void check(boolean ok, String message) throws UsageException {
      if (!ok) {
        throw new UsageException(message);
      }
    }

    private static boolean known(String name) {
      return List.of("query", "subject", "db", "word_size", "xdrop_ungap", "min_score", "reward", "penalty", "strand",
          "device").contains(name);
    }

    /** A whole number that must lie in {@code min..max}; one out of {@code int}'s range is told that range. */
    private static int number(String option, String value, int min, int max) throws UsageException {
      String v = value.trim();
      if (v.matches("[+-]?[0-9]+") && !new java.math.BigInteger(v).equals(
          new java.math.BigInteger(v).max(java.math.BigInteger.valueOf(min)).min(java.math.BigInteger.valueOf(max)))) {
        throw new UsageException(option + " must be in " + min + ".." + max + ", not " + v);
      }
      return number(option, value);
    }

    private static int number(String option, String value) throws UsageException {
      String v = value.trim();
      // ASCII digits only: Integer.parseInt reads other scripts' digits too (Arabic-Indic, full-width)
      if (!v.matches("[+-]?[0-9]+")) {
        throw new UsageException(option + " takes a whole number, not '" + value + "'");
      }
      try {
        return Integer.parseInt(v);
      } catch (NumberFormatException e) {
        throw new UsageException(option + " takes a whole number from " + Integer.MIN_VALUE + " to "
            + Integer.MAX_VALUE + ", not " + v);
      }
    }

    /** The search's settings: the table size and the per-k-mer cap are those of the library's default. */
    Settings settings() {
      return new Settings(wordSize, Settings.DEFAULT.tableBits(), Settings.DEFAULT.maxPositions(), reward, penalty,
          xDrop, minScore);
    }
  }

  /** A mistake in the arguments (exit status 2). */
  static final class UsageException extends Exception {
    UsageException(String message) {
      super(message);
    }
  }

  public static void main(String[] args) {
    int status = run(args, StandardOutput.open(), System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /**
   * Runs the command; returns its exit status (0 fine, 1 unreadable input or failed output, 2 bad
   * arguments, 141 a closed pipe on {@link StandardOutput}).
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
      err.println("blast: " + e.getMessage());
      err.println(Options.USAGE);
      return 2;
    }
    if (o == null) {
      out.println(Options.USAGE);
      return 0;
    }
    if (o.quiet()) {
      // the runtime's one line on the device it chose
      DEVICE_LOG.setLevel(java.util.logging.Level.WARNING);
    }
    Device device = null;
    if (!o.device().trim().equalsIgnoreCase("best")) {
      try {
        Device.checkName(o.device());
      } catch (IllegalArgumentException e) {
        // a name that is no device's: the runtime's list of names lacks this command's own default
        err.println("blast: -device: " + e.getMessage() + "; or best, the default");
        return 2;
      }
      try {
        device = Device.named(o.device());
      } catch (IllegalArgumentException | IllegalStateException e) {
        // a device this machine does not have (-device gpu without a GPU, opencl:99)
        err.println("blast: -device: " + e.getMessage());
        return 2;
      }
    }
    try {
      SequenceFile query = SequenceFile.read(o.query());
      SequenceFile subject = SequenceFile.read(o.subject());
      if (!o.quiet()) {
        // read, but a byte that may have been meant as a base was left out: say where (outside-in helper-71)
        query.warnings(o.query()).forEach(w -> err.println("blast: warning: " + w));
        subject.warnings(o.subject()).forEach(w -> err.println("blast: warning: " + w));
      }
      String overflow = o.settings().overflow(Math.min(query.genome().length(), subject.genome().length()));
      if (overflow != null) {
        err.println("blast: -reward, -penalty, -xdrop_ungap: " + overflow + "; lower them");
        return 2;
      }
      Settings st = o.settings();
      if (!o.quiet() && (long) st.xDrop() >= (long) st.k() * st.match()) {
        // one seed's rule (docs/examples.md, "One hit per alignment") is exact only below this bound
        err.println("blast: warning: -xdrop_ungap " + st.xDrop() + " is at least -word_size x -reward ("
            + (long) st.k() * st.match() + "): an alignment whose first seed's own extension stops at a dip that a"
            + " later seed's extension crosses is reported as the first seed's shorter alignment, not whole;"
            + " use -xdrop_ungap below " + (long) st.k() * st.match() + " to report every alignment whole");
      }
      if (device == null) {
        // chosen after the input is read, so that its log line follows the input's errors
        try {
          device = Device.best();
        } catch (IllegalArgumentException | IllegalStateException e) {
          // named by -Dsluice.device or SLUICE_DEVICE (the message says which): one line, as for -device
          err.println("blast: " + e.getMessage());
          return 2;
        }
      }
      List<TabularRow> rows;
      try {
        rows = search(query.genome().sequence(), subject.genome().sequence(), o, device, o.quiet() ? null : err);
      } catch (DeviceUnavailableException e) {
        // a named device that cannot run the search (on PoCL without signal chaining, for one); named by
        // -Dsluice.device or SLUICE_DEVICE when -device was left at best (the device line says which)
        err.println("blast: " + (o.device().equalsIgnoreCase("best") ? "" : "-device " + o.device() + ": ")
            + e.getMessage());
        return 2;
      }
      if (o.header()) {
        out.println(TabularRow.FIELDS);
      }
      for (TabularRow r : rows) {
        out.println(r.format(query.id(), subject.id()));
      }
      out.flush();
      if (out instanceof StandardOutput stdout && stdout.readerLeft()) {
        // the reader closed the pipe (| head): it has what it wanted, and says nothing, as a tool killed
        // by SIGPIPE says nothing, with that tool's status
        return StandardOutput.CLOSED_PIPE;
      }
      if (out.checkError()) {
        // a PrintStream keeps its IOException to itself: a full disk must not look like a finished search
        err.println("blast: writing the hits failed (a full disk?)");
        return 1;
      }
      return 0;
    } catch (SequenceFile.UnreadableException e) {
      // input the tool cannot read (exit status 1)
      err.println("blast: " + e.getMessage());
      return 1;
    } catch (OutOfMemoryError e) {
      // a large file, or a search whose inputs fill the heap: one line that says what to do, not a stack
      // trace (outside-in helper-71: a 600 MB file under -Xmx1g); the search's own arrays are gone by now
      err.println("blast: out of memory (" + e.getMessage() + ") with a heap of "
          + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB: reading a file takes about three times its size,"
          + " and the search more; give Java a larger heap (-Xmx)");
      return 1;
    }
  }

  /** The reverse complement of a coded sequence: unknown bases stay unknown. */
  static byte[] reverseComplement(byte[] codes) {
    byte[] out = new byte[codes.length];
    for (int i = 0; i < codes.length; i++) {
      byte c = codes[codes.length - 1 - i];
      out[i] = c == Dna.UNKNOWN ? c : (byte) (Dna.T - c);
    }
    return out;
  }

  /** Whether {@code codes} has {@code k} known bases (A C G T) in a row somewhere. */
  static boolean knownRun(byte[] codes, int k) {
    int run = 0;
    for (byte c : codes) {
      run = c == Dna.UNKNOWN ? 0 : run + 1;
      if (run >= k) {
        return true;
      }
    }
    return false;
  }

  /** Searches the strands {@code o} asks for; progress goes to {@code progress} (null: none) on long inputs. */
  static List<TabularRow> search(byte[] query, byte[] db, Options o, Device device, PrintStream progress) {
    List<Strand> strands = o.strand() == Strand.BOTH ? List.of(Strand.PLUS, Strand.MINUS) : List.of(o.strand());
    Settings settings = o.settings();
    long positions = (long) Math.max(0, db.length - settings.k() + 1) * strands.size();
    boolean report = progress != null && positions >= LONG_INPUT;
    long started = System.nanoTime();
    long[] lastLine = {started};
    long before = 0;
    List<TabularRow> rows = new ArrayList<>();
    for (Strand strand : strands) {
      byte[] q = strand == Strand.PLUS ? query : reverseComplement(query);
      BlastSearch search = BlastSearch.prepare(q, db, settings);
      if (progress != null && search.table().dropped() > 0 && strand == strands.get(0)) {
        // fewer seeds than asked for: a smaller word size finds fewer hits here, not more
        progress.printf(Locale.ROOT, "blast: warning: %,d query positions left out of the seed table: their"
            + " %d-mers occur more than %d times in the query (the cap per k-mer); alignments seeded only there"
            + " are not found; a larger -word_size makes k-mers rarer%n", search.table().dropped(), settings.k(),
            settings.maxPositions());
      }
      if (progress != null && search.table().size() == 0 && strand == strands.get(0)) {
        // the search runs and finds nothing: say why, rather than leave an empty output to be read as no match
        progress.printf(Locale.ROOT, "blast: warning: the query has no %d-mer of known bases (A C G T) to seed"
            + " with: it is shorter than the word size, or every %d bases of it hold an N or another IUPAC code;"
            + " no hit can be found%n", settings.k(), settings.k());
      }
      if (progress != null && strand == strands.get(0) && !knownRun(db, settings.k())) {
        // the same for the database: a seed needs k known bases on both sides (outside-in helper-55)
        progress.printf(Locale.ROOT, "blast: warning: the subject has no %d-mer of known bases (A C G T): it is"
            + " shorter than the word size, or every %d bases of it hold an N or another IUPAC code; no hit can be"
            + " found%n", settings.k(), settings.k());
      }
      Chunk[] chunks = search.chunks(BlastSearch.DEFAULT_CHUNK);
      long strandPositions = search.kmerStarts();
      long searchedBefore = before;
      // the run tells its progress in chunks of the database taken in; a line at most once a second
      ProgressListener line = !report ? null : (done, total) -> {
        long now = System.nanoTime();
        if (done < total && now - lastLine[0] >= 1_000_000_000L) {
          lastLine[0] = now;
          long searched = searchedBefore + Math.min(strandPositions, done * BlastSearch.DEFAULT_CHUNK);
          progress.printf(Locale.ROOT, "blast: %s strand, %,d of %,d database positions searched (%d%%)%n",
              strand.name().toLowerCase(Locale.ROOT), searched, positions, 100 * searched / positions);
        }
      };
      for (Hit h : search.builder().device(device).progress(line).build().run(chunks).hits()) {
        rows.add(TabularRow.of(h, q, db, strand == Strand.MINUS));
      }
      before += strandPositions;
    }
    if (report) {
      progress.printf(Locale.ROOT, "blast: searched %,d database positions (%s) in %.1f s: %,d hits%n", positions,
          o.strand() == Strand.BOTH ? "both strands" : o.strand().name().toLowerCase(Locale.ROOT) + " strand",
          (System.nanoTime() - started) / 1e9, rows.size());
    }
    // a total order, so that the output is the same bytes whatever order the device found the hits in
    rows.sort(Comparator.comparingInt(TabularRow::score).reversed().thenComparingInt(TabularRow::qStart)
        .thenComparingInt(TabularRow::sStart).thenComparing(Comparator.comparingInt(TabularRow::length).reversed())
        .thenComparingInt(TabularRow::sEnd));
    return rows;
  }
}
