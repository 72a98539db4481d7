package dev.sluice.examples.blast;

import static dev.sluice.examples.Multisets.assertSameItems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.examples.Multisets;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunReport;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link Blast} and {@link TinyBlast} against {@link Reference} on synthetic genomes. */
class BlastTest {
  static void assertConserved(RunReport r, Chunk[] chunks, BlastSearch s, long seeds, List<Hit> hits, String what) {
    assertEquals(chunks.length, r.stage("chunks").itemsOut(), what);
    assertEquals(r.stage("chunks").itemsOut(), r.stage("starts").itemsIn(), what + ": parents");
    assertEquals(s.kmerStarts(), r.stage("starts").itemsOut(), what + ": one element per k-mer start");
    assertEquals(r.stage("starts").itemsOut(), r.stage("lookup").itemsIn(), what);
    assertEquals(seeds, r.stage("lookup").itemsOut(), what + ": seeds");
    assertEquals(r.stage("lookup").itemsOut(), r.stage("extend").itemsIn(), what);
    assertEquals(r.stage("extend").itemsOut(), r.sink("hits").items(), what);
    assertEquals(hits.size(), r.sink("hits").items(), what);
  }

  /** Hits are distinct alignments: no two share diagonal, start and length. */
  static void assertDistinct(List<Hit> hits, String what) {
    Set<Hit> seen = new HashSet<>(hits);
    assertEquals(hits.size(), seen.size(), what + ": a hit reported twice");
  }

  @Test
  void syntheticMatchesReference() {
    Synthetic g = Synthetic.generate(1, 2_000, 20_000);
    for (Settings settings : new Settings[] {Settings.DEFAULT, Settings.DEFAULT.withThreshold(15), Settings.TINY}) {
      BlastSearch search = BlastSearch.prepare(g.query(), g.db(), settings);
      List<Hit> expected = Reference.hits(g.query(), g.db(), settings);
      long seeds = Reference.seeds(g.query(), g.db(), settings);
      assertFalse(expected.isEmpty(), settings + ": the planted copies must be found");
      assertDistinct(expected, settings.toString());
      for (int instances = 1; instances <= 2; instances++) {
        for (int dbChunk : new int[] {7, BlastSearch.DEFAULT_CHUNK}) {
          for (int chunk : Multisets.CHUNKS) {
            String what = settings + " instances=" + instances + " dbChunk=" + dbChunk + " chunk=" + chunk;
            Chunk[] chunks = search.chunks(dbChunk);
            BlastPipeline.Result res = search.builder().instances(instances).chunkSize(chunk).maxSteps(100_000_000)
                .device(Device.cpu()).build().run(chunks);
            assertSameItems(expected, res.hits(), what);
            assertConserved(res.report(), chunks, search, seeds, res.hits(), what);
          }
        }
      }
    }
  }

  /** One chunk for everything, asked for with a length near Integer.MAX_VALUE (helper-95: it overflowed int). */
  @Test
  void chunksOfAnyLengthCoverEveryPositionOnce() {
    Synthetic g = Synthetic.generate(1, 2_000, 20_000);
    BlastSearch search = BlastSearch.prepare(g.query(), g.db(), Settings.DEFAULT);
    int starts = search.kmerStarts();
    for (int length : new int[] {1, 4_096, starts - 1, starts, Integer.MAX_VALUE - starts + 2, Integer.MAX_VALUE}) {
      Chunk[] chunks = search.chunks(length);
      int next = 0;
      for (Chunk c : chunks) {
        assertEquals(next, c.start(), "length " + length);
        assertTrue(c.end() > c.start() && c.end() - c.start() <= length, "length " + length + ": " + c);
        next = c.end();
      }
      assertEquals(starts, next, "length " + length + ": the chunks end at the last k-mer start");
    }
    List<Hit> expected = Reference.hits(g.query(), g.db(), Settings.DEFAULT);
    assertFalse(expected.isEmpty(), "the planted copies must be found");
    assertSameItems(expected,
        search.builder().device(Device.cpu()).build().run(search.chunks(Integer.MAX_VALUE)).hits(), "one chunk");
  }

  @Test
  void tinyPipelineMatchesReference() {
    Synthetic g = Synthetic.generate(2, 600, 5_000);
    for (Settings settings : new Settings[] {Settings.DEFAULT.withThreshold(14), Settings.TINY}) {
      BlastSearch search = BlastSearch.prepare(g.query(), g.db(), settings);
      List<Hit> expected = Reference.hits(g.query(), g.db(), settings);
      long seeds = Reference.seeds(g.query(), g.db(), settings);
      for (int instances = 1; instances <= 2; instances++) {
        for (int dbChunk : new int[] {1, 13, 1000}) {
          for (int chunk : Multisets.CHUNKS) {
            for (Device device : new Device[] {Device.cpu(), Device.cpuScheduled()}) {
            String what = "tiny " + settings + " instances=" + instances + " dbChunk=" + dbChunk + " chunk=" + chunk
                + " " + device.cpuExecutor();
            Chunk[] chunks = search.chunks(dbChunk);
            TinyBlastPipeline.Result res = search.tinyBuilder().instances(instances).chunkSize(chunk)
                .maxSteps(100_000_000).device(device).build().run(chunks);
            assertSameItems(expected, res.hits(), what);
            assertConserved(res.report(), chunks, search, seeds, res.hits(), what);
            if (dbChunk > 1 && instances == 1 && device.scheduled()) {
              // a parent of one element is done in the enumerator's run that opens it: no wait; with
              // two instances claiming chunks as they go, one may get a single chunk and never wait
              assertTrue(res.report().stage("starts").blocks() > 0, what + ": a one-chunk buffer blocks the enumerator");
            }
            }
          }
        }
      }
    }
  }

  @Test
  void capKeepsTheFirstPositionsInQueryOrder() {
    byte[] query = Dna.codes("CCCC" + "AAAAAAAAAA" + "GG");   // AAAA starts at 4, 5, ..., 10
    byte[] db = Dna.codes("TTAAAAGT");
    Settings capped = new Settings(4, 2, 3, 1, -2, 0, 4);
    QueryTable t = QueryTable.build(query, capped);
    assertEquals(4, t.dropped(), "AAAA occurs 7 times and keeps 3");
    assertEquals(9, t.size(), "6 other k-mers once each, and AAAA at 4, 5, 6");
    byte[] seeded = new byte[16];
    for (int p : new int[] {0, 1, 2, 3, 4, 5, 6, 11, 12}) {
      seeded[p] = 1;
    }
    assertEquals(java.util.Arrays.toString(seeded), java.util.Arrays.toString(t.seeded()));
    // AAAA at database 2 seeds query 4, 5, 6 only; AAAG at database 3 seeds query 11, whose
    // alignment reaches back to query 10, which is not in the table, so it is reported
    List<Hit> expected = List.of(new Hit(4, 2, 4, 4), new Hit(5, 2, 4, 4), new Hit(6, 2, 4, 4), new Hit(10, 2, 5, 5));
    assertSameItems(expected, Reference.hits(query, db, capped), "reference, cap 3");
    BlastSearch search = BlastSearch.prepare(query, db, capped);
    assertSameItems(expected, search.tinyBuilder().device(Device.cpu()).build().run(search.chunks(2)).hits(), "cap 3");

    // without the cap query 7 .. 10 seed too: query 10's alignment is the one query 11 found, and
    // query 11 no longer reports it because the seed at query 10 is inside it, before it
    Settings all = capped.withMaxPositions(QueryTable.MAX_POSITIONS);
    List<Hit> uncapped = List.of(new Hit(4, 2, 4, 4), new Hit(5, 2, 4, 4), new Hit(6, 2, 4, 4), new Hit(7, 2, 4, 4),
        new Hit(8, 2, 4, 4), new Hit(9, 2, 4, 4), new Hit(10, 2, 5, 5));
    assertSameItems(uncapped, Reference.hits(query, db, all), "reference, no cap");
    BlastSearch search2 = BlastSearch.prepare(query, db, all);
    assertSameItems(uncapped, search2.builder().device(Device.cpu()).build().run(search2.chunks(3)).hits(), "no cap");
  }

  @Test
  void emptyAndShortSequences() {
    for (String[] qd : new String[][] {{"", ""}, {"ACGTACGTACGT", ""}, {"", "ACGTACGTACGT"}, {"ACG", "ACGT"},
        {"NNNNNNNNNNNNNNNN", "NNNNNNNNNNNNNNNN"}}) {
      byte[] q = Dna.codes(qd[0]);
      byte[] d = Dna.codes(qd[1]);
      BlastSearch search = BlastSearch.prepare(q, d, Settings.DEFAULT.withThreshold(1));
      BlastPipeline.Result res = search.builder().device(Device.cpu()).build().run(search.chunks(5));
      assertSameItems(Reference.hits(q, d, search.settings()), res.hits(), qd[0] + " / " + qd[1]);
    }
  }

  @Test
  void wholeQueryAgainstItselfIsOneHit() {
    byte[] q = Synthetic.random(new Random(3), 500);
    BlastSearch search = BlastSearch.prepare(q, q, Settings.DEFAULT);
    List<Hit> hits = search.builder().device(Device.cpu()).build().run(search.chunks(64)).hits();
    assertTrue(hits.contains(new Hit(0, 0, 500, 500)), hits.toString());
    assertEquals(1, hits.stream().filter(h -> h.dbStart() == h.queryStart()).count(),
        "the 490 seeds of the main diagonal report one alignment");
    assertSameItems(Reference.hits(q, q, Settings.DEFAULT), hits, "self");
  }

  @Test
  void hitPositionsAreThoseOfTheFileNotShiftedByTagsOrLineEnds() {
    Random r = new Random(4);
    String piece = Dna.letters(Synthetic.random(r, 200), 0, 200);
    String before = Dna.letters(Synthetic.random(r, 50), 0, 50);
    // the query file: 50 bases, a tag and a CRLF, the piece in lower case, 100 more bases
    String queryFile = before + "<br/>\r\n" + piece.toLowerCase() + "\r\n"
        + Dna.letters(Synthetic.random(r, 100), 0, 100) + "\r\n";
    // the database file: 800 bases in lines of 70 with CRLF, the piece right after an HTML fragment,
    // then an N and more bases; the 30 bases before the piece differ from the query's
    byte[] head = Synthetic.random(r, 800);
    for (int i = 0; i < 30; i++) {
      int qb = Dna.codes(before.substring(49 - i, 50 - i))[0];
      head[799 - i] = (byte) ((qb + 1 + r.nextInt(3)) % 4);
    }
    StringBuilder dbFile = new StringBuilder(">db\r\n");
    for (int i = 0; i < 800; i += 70) {
      dbFile.append(Dna.letters(head, i, Math.min(800, i + 70))).append(i + 70 < 800 ? "\r\n" : "");
    }
    dbFile.append("</pre></div><div><pre>").append(piece).append("N\r\n")
        .append(Dna.letters(Synthetic.random(r, 300), 0, 300)).append("\r\n");

    GenomeFile query = GenomeFile.parse("query", queryFile.getBytes(StandardCharsets.US_ASCII));
    GenomeFile db = GenomeFile.parse("db", dbFile.toString().getBytes(StandardCharsets.US_ASCII));
    assertEquals(350, query.length());
    assertEquals(800 + 200 + 1 + 300, db.length());

    BlastSearch search = BlastSearch.prepare(query.sequence(), db.sequence(), Settings.DEFAULT);
    List<Hit> hits = search.builder().device(Device.cpu()).build().run(search.chunks(100)).hits();
    assertTrue(hits.contains(new Hit(50, 800, 200, 200)),
        "the piece is at query base 50 and database base 800 of the files: " + hits);
    assertSameItems(Reference.hits(query.sequence(), db.sequence(), Settings.DEFAULT), hits, "tagged files");
  }

  @Test
  void settingsAreChecked() {
    assertThrows(IllegalArgumentException.class, () -> new Settings(16, 16, 16, 1, -2, 10, 30));
    assertThrows(IllegalArgumentException.class, () -> new Settings(11, 16, QueryTable.MAX_POSITIONS + 1, 1, -2, 10, 30));
    assertThrows(IllegalArgumentException.class, () -> new Settings(11, 0, 16, 1, -2, 10, 30));
    assertThrows(IllegalArgumentException.class, () -> new Settings(11, 16, 16, 1, 0, 10, 30));
    BlastSearch s = BlastSearch.prepare(new byte[10], new byte[10], Settings.DEFAULT);
    assertThrows(IllegalArgumentException.class, () -> s.chunks(0));
  }
}
