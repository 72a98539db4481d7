package dev.sluice.bench.probe;

import dev.sluice.examples.blast.BlastPipeline;
import dev.sluice.examples.blast.BlastSearch;
import dev.sluice.examples.blast.Chunk;
import dev.sluice.examples.blast.DataFolder;
import dev.sluice.examples.blast.GenomeFile;
import dev.sluice.examples.blast.Settings;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunReport;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What reading {@code @Param} at every OpenCL run costs on BLAST: the database genome is a
 * {@code @Param byte[]} of both {@code Lookup} and {@code Extend}. Runs one pipeline object several
 * times over databases of growing size and prints, per run, the bytes of {@code @Param} arrays copied
 * to the device and the time spent making the node objects and comparing their arrays with the
 * kernel's copies, beside the whole run's time. The first run copies; later ones only compare.
 *
 * <pre>
 * mvn -B -ntp -q install -DskipTests &amp;&amp; mvn -B -ntp -q -pl bench exec:java \
 *     -Dbench.main=dev.sluice.bench.probe.ParamCheckCost -Dsluice.data=DIR
 * </pre>
 */
public final class ParamCheckCost {
  private ParamCheckCost() {}

  public static void main(String[] args) throws Exception {
    Path dir = DataFolder.find().orElseThrow(() -> new IllegalStateException(DataFolder.searched()));
    byte[] genome = GenomeFile.read(dir.resolve(DataFolder.ECOLI)).sequence();
    byte[] query = GenomeFile.read(dir.resolve(DataFolder.SALMONELLA_50K)).sequence();
    Device cl = Device.opencl();
    for (int times : new int[] {1, 16, 64}) {
      byte[] db = new byte[genome.length * times];
      for (int at = 0; at < db.length; at += genome.length) {
        System.arraycopy(genome, 0, db, at, genome.length);
      }
      BlastSearch search = BlastSearch.prepare(query, db, Settings.DEFAULT);
      Chunk[] chunks = search.chunks(BlastSearch.DEFAULT_CHUNK);
      BlastPipeline p = search.builder().device(cl).build();
      for (int run = 1; run <= 6; run++) {
        RunReport r = p.run(chunks).report();
        System.out.printf(Locale.ROOT, "db %,d bytes (%dx), run %d: %,d bytes copied, check %.3f ms, run %.1f ms%n",
            db.length, times, run, r.deviceUse().paramBytes(), r.deviceUse().paramNanos() / 1e6, r.nanos() / 1e6);
      }
    }
  }
}
