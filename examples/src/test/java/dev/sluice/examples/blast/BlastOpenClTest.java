package dev.sluice.examples.blast;

import static dev.sluice.examples.Multisets.assertSameItems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Blast} and {@link TinyBlast} on the OpenCL back end: the same hits as the reference, and the
 * report naming the OpenCL device (a run on the JVM would name the JVM).
 */
class BlastOpenClTest {
  @Test
  void syntheticMatchesReference() {
    Device cl = OpenClAvailable.device();
    Synthetic g = Synthetic.generate(1, 2_000, 20_000);
    for (Settings settings : new Settings[] {Settings.DEFAULT, Settings.TINY}) {
      BlastSearch search = BlastSearch.prepare(g.query(), g.db(), settings);
      List<Hit> expected = Reference.hits(g.query(), g.db(), settings);
      long seeds = Reference.seeds(g.query(), g.db(), settings);
      for (int dbChunk : new int[] {7, BlastSearch.DEFAULT_CHUNK}) {
        String what = "OpenCL " + settings + " dbChunk=" + dbChunk;
        Chunk[] chunks = search.chunks(dbChunk);
        BlastPipeline.Result res = search.builder().chunkSize(5).device(cl).build().run(chunks);
        assertSameItems(expected, res.hits(), what);
        BlastTest.assertConserved(res.report(), chunks, search, seeds, res.hits(), what);
        assertTrue(res.report().device().startsWith("OpenCL"), res.report().device());
      }
    }
  }

  @Test
  void tinyPipelineMatchesReference() {
    Device cl = OpenClAvailable.device();
    Synthetic g = Synthetic.generate(2, 600, 5_000);
    for (Settings settings : new Settings[] {Settings.DEFAULT.withThreshold(14), Settings.TINY}) {
      BlastSearch search = BlastSearch.prepare(g.query(), g.db(), settings);
      List<Hit> expected = Reference.hits(g.query(), g.db(), settings);
      for (int dbChunk : new int[] {1, 13, 1000}) {
        String what = "OpenCL tiny " + settings + " dbChunk=" + dbChunk;
        TinyBlastPipeline.Result res = search.tinyBuilder().chunkSize(7).device(cl).build().run(search.chunks(dbChunk));
        assertSameItems(expected, res.hits(), what);
      }
    }
  }

  @Test
  void salmonella10kAgainstAPieceOfEcoli() {
    Device cl = OpenClAvailable.device();
    byte[] db = Arrays.copyOf(RealData.genome(DataFolder.ECOLI).sequence(), 500_000);
    byte[] query = RealData.genome(DataFolder.SALMONELLA_10K).sequence();
    BlastSearch search = BlastSearch.prepare(query, db, Settings.DEFAULT);
    BlastPipeline.Result res = search.builder().device(cl).build().run(search.chunks(BlastSearch.DEFAULT_CHUNK));
    assertSameItems(Reference.hits(query, db, Settings.DEFAULT), res.hits(), "OpenCL, 500 kb of E. coli");
  }

  @Test
  void ranOnTheOpenClDevice() {
    Device cl = OpenClAvailable.device();
    Synthetic g = Synthetic.generate(3, 500, 4_000);
    BlastSearch search = BlastSearch.prepare(g.query(), g.db(), Settings.DEFAULT);
    BlastPipeline.Result res = search.builder().device(cl).build().run(search.chunks(BlastSearch.DEFAULT_CHUNK));
    assertEquals(cl.name(), res.report().device(), "the report names the OpenCL device, not the JVM");
  }
}
