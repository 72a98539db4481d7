package dev.sluice.examples.blast;

/**
 * A query and a database ready to search: the query table built once, node factories that share it,
 * and the database cut into chunks.
 *
 * <pre>
 * BlastSearch search = BlastSearch.prepare(query.sequence(), db.sequence(), Settings.DEFAULT);
 * BlastPipeline.Result r = search.builder().build().run(search.chunks(BlastSearch.DEFAULT_CHUNK));
 * </pre>
 */
public final class BlastSearch {
  /** Database k-mer start positions per chunk (source item) by default. */
  public static final int DEFAULT_CHUNK = 4096;

  private final byte[] query;
  private final byte[] db;
  private final Settings settings;
  private final QueryTable table;

  private BlastSearch(byte[] query, byte[] db, Settings settings) {
    this.query = query;
    this.db = db;
    this.settings = settings;
    this.table = QueryTable.build(query, settings);
  }

  /**
   * Builds the query table; the arrays are shared, not copied, and must not change afterwards.
   *
   * @throws IllegalArgumentException if the scores could overflow on sequences this long
   *     ({@link Settings#overflow})
   */
  public static BlastSearch prepare(byte[] query, byte[] db, Settings settings) {
    String overflow = settings.overflow(Math.min(query.length, db.length));
    if (overflow != null) {
      throw new IllegalArgumentException(overflow);
    }
    return new BlastSearch(query, db, settings);
  }

  public Settings settings() {
    return settings;
  }

  public QueryTable table() {
    return table;
  }

  /** The number of k-mer start positions in the database: {@code length - k + 1}, or 0. */
  public int kmerStarts() {
    return Math.max(0, db.length - settings.k() + 1);
  }

  /**
   * The database's k-mer start positions {@code 0 .. length - k} cut into chunks of {@code length}
   * positions (the last one shorter): each position belongs to exactly one chunk.
   */
  public Chunk[] chunks(int length) {
    if (length < 1) {
      throw new IllegalArgumentException("chunk length must be positive, not " + length);
    }
    int starts = kmerStarts();
    // in long: a length near Integer.MAX_VALUE (one chunk for everything) overflowed int
    Chunk[] out = new Chunk[(int) (((long) starts + length - 1) / length)];
    for (int c = 0; c < out.length; c++) {
      out[c] = new Chunk(c * length, (int) Math.min(starts, (long) (c + 1) * length));
    }
    return out;
  }

  public Lookup lookup() {
    return new Lookup(db, settings, table);
  }

  public Extend extend() {
    return new Extend(query, db, settings, table);
  }

  /** A {@link Blast} builder with this search's nodes; add device, instances and chunk size to taste. */
  public BlastPipeline.Builder builder() {
    return BlastPipeline.builder().lookup(this::lookup).extend(this::extend);
  }

  /** The same for {@link TinyBlast}. */
  public TinyBlastPipeline.Builder tinyBuilder() {
    return TinyBlastPipeline.builder().lookup(this::lookup).extend(this::extend);
  }

  @Override
  public String toString() {
    return "query " + query.length + " bases (" + table.size() + " k-mers in the table, " + table.dropped()
        + " over the cap), database " + db.length + " bases, " + settings;
  }
}
