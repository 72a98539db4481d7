package dev.sluice.spark.blast;

import dev.sluice.examples.blast.BlastSearch;
import dev.sluice.examples.blast.Hit;
import dev.sluice.examples.blast.Settings;
import dev.sluice.runtime.Device;
import java.util.ArrayList;
import java.util.List;

/** The flagship's single-machine search, query indexed and database scanned, as the examples run it. */
final class SingleMachine {
  private SingleMachine() {}

  static List<QueryHit> hits(String name, byte[] query, byte[] db, Settings s) {
    BlastSearch search = BlastSearch.prepare(query, db, s);
    List<QueryHit> out = new ArrayList<>();
    for (Hit h : search.builder().device(Device.cpu()).build().run(search.chunks(BlastSearch.DEFAULT_CHUNK)).hits()) {
      out.add(new QueryHit(name, h.queryStart(), h.dbStart(), h.length(), h.score()));
    }
    return out;
  }
}
