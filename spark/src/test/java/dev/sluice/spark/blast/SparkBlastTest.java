package dev.sluice.spark.blast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.examples.blast.DataFolder;
import dev.sluice.examples.blast.GenomeFile;
import dev.sluice.examples.blast.Settings;
import dev.sluice.spark.SluiceRun;
import dev.sluice.spark.SparkTests;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The flagship in {@code local[2]}: both Salmonella stretches as queries, partitioned, against the
 * E. coli database, whose index is broadcast; the hits equal the single-machine search's, query by
 * query.
 */
class SparkBlastTest {
  static final Comparator<QueryHit> ORDER = Comparator.comparing(QueryHit::query).thenComparingInt(QueryHit::queryStart)
      .thenComparingInt(QueryHit::dbStart).thenComparingInt(QueryHit::length).thenComparingInt(QueryHit::score);

  static JavaSparkContext sc;

  @BeforeAll
  static void start() {
    sc = SparkTests.local("local[2]", "SparkBlastTest");
  }

  @AfterAll
  static void stop() {
    if (sc != null) {
      sc.stop();
    }
  }

  static List<QueryHit> sorted(List<QueryHit> hits) {
    List<QueryHit> s = new ArrayList<>(hits);
    s.sort(ORDER);
    return s;
  }

  /** The database's table: 2^20 buckets for its 2.3 million k-mers; the hits do not depend on it. */
  static Settings settings() {
    Settings d = Settings.DEFAULT;
    return new Settings(d.k(), 20, d.maxPositions(), d.match(), d.mismatch(), d.xDrop(), d.threshold());
  }

  @Test
  void salmonellaQueriesAgainstEcoliGiveTheSingleMachineHits() {
    GenomeFile ecoli = RealGenomes.read(DataFolder.ECOLI);
    List<String> names = List.of(DataFolder.SALMONELLA_10K, DataFolder.SALMONELLA_50K);
    List<byte[]> queries = new ArrayList<>();
    List<QueryHit> expected = new ArrayList<>();
    for (String name : names) {
      byte[] q = RealGenomes.read(name).sequence();
      queries.add(q);
      List<QueryHit> alone = SingleMachine.hits(name, q, ecoli.sequence(), Settings.DEFAULT);
      assertFalse(alone.isEmpty(), name + ": related genomes share alignments");
      expected.addAll(alone);
    }

    SparkBlast search = SparkBlast.prepare(sc, ecoli.sequence(), Queries.of(names, queries), settings());
    SluiceRun<QueryHit, Void> run = search.run(search.chunks(sc, 6, 1_000));
    List<QueryHit> hits = run.items().collect();
    assertEquals(sorted(expected), sorted(hits), "the hits of the single-machine search, query by query");
    assertEquals(6, run.partitions());
    assertEquals(1, run.pipelineObjects().size(), "one pipeline object in this JVM: " + run.pipelineObjects());
    long positions = queries.stream().mapToLong(q -> q.length).sum() + queries.size() - settings().k() + 1;
    assertEquals(positions, run.report().stage("lookup").itemsIn(), "every query position looked up once");
    assertEquals(hits.size(), run.report().sink("hits").items());
    assertTrue(run.report().device().startsWith("JVM"), run.report().device());
  }

  @Test
  void aRepetitiveDatabaseSaysHowManyPositionsItsIndexLeftOut() {
    // 40 copies of one stretch: each of its k-mers occurs 40 times, over the cap of 16 the index keeps
    byte[] stretch = new byte[300];
    java.util.Random r = new java.util.Random(7);
    for (int i = 0; i < stretch.length; i++) {
      stretch[i] = (byte) r.nextInt(4);
    }
    byte[] db = new byte[stretch.length * 40];
    for (int c = 0; c < 40; c++) {
      System.arraycopy(stretch, 0, db, c * stretch.length, stretch.length);
    }
    SparkBlast search = SparkBlast.prepare(sc, db, Queries.of(List.of("q"), List.of(stretch)), settings());
    int k = settings().k();
    int cap = settings().maxPositions();
    // each k-mer inside the stretch 40 times, each across a junction of two copies 39 times
    assertEquals((stretch.length - k + 1) * (40 - cap) + (k - 1) * (39 - cap), search.dropped(),
        "every occurrence past the cap");
    SparkBlast unique = SparkBlast.prepare(sc, stretch, Queries.of(List.of("q"), List.of(stretch)), settings());
    assertEquals(0, unique.dropped());
  }
}
