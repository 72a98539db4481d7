package dev.sluice.spark.blast;

import dev.sluice.examples.blast.BlastPipeline;
import dev.sluice.examples.blast.Chunk;
import dev.sluice.examples.blast.Extend;
import dev.sluice.examples.blast.Hit;
import dev.sluice.examples.blast.Lookup;
import dev.sluice.examples.blast.QueryTable;
import dev.sluice.examples.blast.Settings;
import dev.sluice.spark.SluiceRun;
import dev.sluice.spark.SluiceSpark;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The flagship across a cluster: many queries against one database, the queries partitioned and
 * the database's k-mer index broadcast.
 *
 * <p>The {@code Blast} pipeline indexes one sequence ({@code QueryTable}, its {@code @Param} arrays)
 * and scans the other in chunks (its source items). Here the database is the indexed side: its table
 * is built once, on the driver, and travels to each executor once, inside the broadcast pipeline
 * factory, with the database and the joined queries; the scanned side is the queries, whose chunks
 * are the RDD that Spark partitions. A hit of the pipeline (indexed position, scanned position) is
 * turned back into (query, query position, database position). On the real genomes the hits equal
 * those of the single-machine search with the usual roles (the test compares them); in general the
 * two differ only where a k-mer occurs more than {@code Settings#maxPositions()} times in the indexed
 * sequence, which keeps its first occurrences only.
 */
public final class SparkBlast {
  /** Query positions per chunk (source item). */
  public static final int DEFAULT_CHUNK = 4096;

  private final SluiceSpark<Chunk, BlastPipeline.Result> search;
  private final Queries queries;
  private final Settings settings;
  private final int dropped;

  private SparkBlast(SluiceSpark<Chunk, BlastPipeline.Result> search, Queries queries, Settings settings, int dropped) {
    this.search = search;
    this.queries = queries;
    this.settings = settings;
    this.dropped = dropped;
  }

  /**
   * Indexes {@code database} here (on the driver) and broadcasts the index with the pipeline factory.
   * {@code settings.tableBits()} sizes the database's table: it changes speed only, and a database of
   * millions of bases wants about 20 bits.
   */
  public static SparkBlast prepare(JavaSparkContext sc, byte[] database, Queries queries, Settings settings) {
    QueryTable index = QueryTable.build(database, settings);
    byte[] scanned = queries.joined();
    SluiceSpark<Chunk, BlastPipeline.Result> search = SluiceSpark.of(sc, Chunk.class,
            slot -> BlastPipeline.builder()
                .lookup(() -> new Lookup(scanned, settings, index))
                .extend(() -> new Extend(database, scanned, settings, index))
                .device(slot.device()).instances(slot.instances()).build())
        .runChunks(BlastPipeline::runChunks);
    return new SparkBlast(search, queries, settings, index.dropped());
  }

  /**
   * Database positions the index left out: their k-mers occur more than {@code Settings#maxPositions()}
   * times in the database, and alignments seeded only there are not found.
   */
  public int dropped() {
    return dropped;
  }

  /** The same search with another adapter setting (device, batch size). */
  public SparkBlast with(java.util.function.UnaryOperator<SluiceSpark<Chunk, BlastPipeline.Result>> change) {
    return new SparkBlast(change.apply(search), queries, settings, dropped);
  }

  /** Query positions searched: the k-mer start positions of the joined queries. */
  public long positions() {
    return Math.max(0, queries.joined().length - settings.k() + 1);
  }

  /** How many chunks {@link #chunks} makes of the queries. */
  public int chunkCount(int chunkLength) {
    return queries.chunks(settings.k(), chunkLength).size();
  }

  /** The queries' chunks, in {@code partitions} partitions. */
  public JavaRDD<Chunk> chunks(JavaSparkContext sc, int partitions, int chunkLength) {
    return sc.parallelize(queries.chunks(settings.k(), chunkLength), partitions);
  }

  /** The hits of every query, lazily; the report and partitions are on the run after an action. */
  public SluiceRun<QueryHit, Void> run(JavaRDD<Chunk> chunks) {
    Queries q = queries;
    return search.mapPartitions(chunks, r -> hits(r.hits(), q));
  }

  /** Pipeline hits (database indexed, queries scanned) as query hits. */
  static List<QueryHit> hits(List<Hit> hits, Queries queries) {
    List<QueryHit> out = new ArrayList<>(hits.size());
    for (Hit h : hits) {
      int query = queries.queryAt(h.dbStart());
      out.add(new QueryHit(queries.name(query), h.dbStart() - queries.start(query), h.queryStart(), h.length(),
          h.score()));
    }
    return out;
  }
}
