package dev.sluice.examples.blast;

import static dev.sluice.examples.Multisets.assertSameItems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Salmonella queries against the E. coli database from the shared data folder, on the CPU back end:
 * the pipeline's hits equal the reference's. Skipped, with the reason, when the folder is absent.
 */
class BlastRealDataTest {
  static void search(String queryFile) {
    GenomeFile db = RealData.genome(DataFolder.ECOLI);
    GenomeFile query = RealData.genome(queryFile);
    Settings s = Settings.DEFAULT;
    BlastSearch search = BlastSearch.prepare(query.sequence(), db.sequence(), s);
    Chunk[] chunks = search.chunks(BlastSearch.DEFAULT_CHUNK);
    BlastPipeline.Result res = search.builder().device(Device.cpu()).build().run(chunks);
    List<Hit> expected = Reference.hits(query.sequence(), db.sequence(), s);
    String what = queryFile + " against " + DataFolder.ECOLI;
    assertFalse(expected.isEmpty(), what + ": related genomes share alignments");
    assertSameItems(expected, res.hits(), what);
    BlastTest.assertConserved(res.report(), chunks, search, Reference.seeds(query.sequence(), db.sequence(), s),
        res.hits(), what);
    BlastTest.assertDistinct(res.hits(), what);
    for (Hit h : res.hits()) {
      assertTrue(h.score() >= s.threshold() && h.length() >= s.k(), h.toString());
    }
  }

  @Test
  void salmonella10kAgainstEcoli() {
    search(DataFolder.SALMONELLA_10K);
  }

  @Test
  void salmonella50kAgainstEcoli() {
    search(DataFolder.SALMONELLA_50K);
  }

  /** The smallest pipeline settings over the first 200 kb of the database. */
  @Test
  void tinyPipelineOnAPieceOfEcoli() {
    byte[] db = Arrays.copyOf(RealData.genome(DataFolder.ECOLI).sequence(), 200_000);
    byte[] query = RealData.genome(DataFolder.SALMONELLA_10K).sequence();
    Settings s = Settings.DEFAULT.withThreshold(20);
    BlastSearch search = BlastSearch.prepare(query, db, s);
    Chunk[] chunks = search.chunks(1000);
    TinyBlastPipeline.Result res = search.tinyBuilder().instances(2).chunkSize(3).device(Device.cpu()).build()
        .run(chunks);
    List<Hit> expected = Reference.hits(query, db, s);
    assertFalse(expected.isEmpty());
    assertSameItems(expected, res.hits(), "tiny, 200 kb of E. coli");
    assertEquals(search.kmerStarts(), res.report().stage("lookup").itemsIn());
  }
}
