package dev.sluice.examples;

import dev.sluice.examples.blast.BlastPipeline;
import dev.sluice.examples.blast.BlastSearch;
import dev.sluice.examples.blast.DataFolder;
import dev.sluice.examples.blast.GenomeFile;
import dev.sluice.examples.blast.Hit;
import dev.sluice.examples.blast.Settings;
import dev.sluice.examples.fanout.Calibrate;
import dev.sluice.examples.fanout.Classify;
import dev.sluice.examples.fanout.Reading;
import dev.sluice.examples.fanout.SensorSplitPipeline;
import dev.sluice.examples.filters.Below;
import dev.sluice.examples.filters.FilterChainPipeline;
import dev.sluice.examples.lineparser.Digits;
import dev.sluice.examples.lineparser.Line;
import dev.sluice.examples.lineparser.LineParserPipeline;
import dev.sluice.examples.lineparser.SampleText;
import dev.sluice.examples.lineparser.Summarize;
import dev.sluice.examples.signals.Event;
import dev.sluice.examples.signals.Scale;
import dev.sluice.examples.signals.WindowsPipeline;
import dev.sluice.examples.synthgain.SynthGainPipeline;
import dev.sluice.examples.synthgain.SynthGains;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;

/**
 * Runs the flagship first, a BLASTN-like search of two Salmonella pieces against the E. coli genome
 * from the shared data folder (skipped with a message when the folder is absent), then every other
 * example once over a generated input; each on {@link Device#best()}, checked against the example's
 * plain-Java reference, with its report printed.
 *
 * <pre>mvn -q -pl examples exec:java</pre>
 */
public final class Main {
  private static boolean allMatch = true;

  private Main() {}

  public static void main(String[] args) {
    Device device = Device.best();
    System.out.println("Sluice examples on " + device + System.lineSeparator());
    blast(device);
    filters(device);
    fanout(device);
    synthGain(device);
    lineParser(device);
    signals(device);
    System.out.println(allMatch ? "all examples match their references" : "SOME EXAMPLES DIFFER FROM THEIR REFERENCES");
    if (!allMatch) {
      System.exit(1);
    }
  }

  private static void blast(Device device) {
    Optional<Path> dir = DataFolder.find();
    if (dir.isEmpty()) {
      System.out.println("== blast: skipped, the real genomes are absent: " + DataFolder.searched());
      System.out.println();
      return;
    }
    Settings settings = Settings.DEFAULT;
    System.out.println("== blast: BLASTN-like search of Salmonella against E. coli from " + dir.get() + ", " + settings);
    Optional<GenomeFile> read = genome(dir.get(), DataFolder.ECOLI);
    if (read.isEmpty()) {
      System.out.println();
      return;
    }
    GenomeFile db = read.get();
    boolean first = true;
    for (String file : new String[] {DataFolder.SALMONELLA_10K, DataFolder.SALMONELLA_50K}) {
      Optional<GenomeFile> found = genome(dir.get(), file);
      if (found.isEmpty()) {
        continue;
      }
      GenomeFile query = found.get();
      BlastSearch search = BlastSearch.prepare(query.sequence(), db.sequence(), settings);
      BlastPipeline.Result res = search.builder().device(device).build().run(search.chunks(BlastSearch.DEFAULT_CHUNK));
      List<Hit> expected = dev.sluice.examples.blast.Reference.hits(query.sequence(), db.sequence(), settings);
      double seconds = res.report().nanos() / 1e9;
      System.out.printf(Locale.ROOT, "   %s: %d query k-mers in the table (%d over the cap of %d), %d seeds%n",
          query.name(), search.table().size(), search.table().dropped(), settings.maxPositions(),
          res.report().stage("lookup").itemsOut());
      System.out.printf(Locale.ROOT, "   ran on %s: %.3g database bases/s (%d bases in %.3f s%s)%n",
          res.report().device(), db.length() / seconds, db.length(), seconds,
          first ? ", first run: warm-up included" : "");
      first = false;
      res.hits().stream().sorted(Comparator.comparingInt(Hit::score).reversed().thenComparingInt(Hit::dbStart))
          .limit(5).forEach(h -> System.out.println("   " + describe(h, settings)));
      print("blast (" + query.name() + ")", res.hits().size() + " hits, " + expected.size() + " in the reference",
          sameStrings(expected, res.hits()), res.report());
    }
  }

  /**
   * The genome in {@code dir}'s {@code file}, with what its reading skipped; or, where the file is
   * missing or cannot be read (a data folder copied in part: outside-in helper-115), empty, said.
   */
  private static Optional<GenomeFile> genome(Path dir, String file) {
    Path path = dir.resolve(file);
    if (!Files.isRegularFile(path)) {
      System.out.println("   skipped " + file + ": " + (Files.exists(path) ? path + " is not a regular file"
          : "no such file in " + dir));
      return Optional.empty();
    }
    try {
      GenomeFile g = GenomeFile.read(path);
      System.out.println("   parsed " + g.name() + ": " + g.length() + " bases from " + g.report().lines() + " lines");
      List<String> skipped = g.report().describe();
      System.out.println("     skipped or unknown: " + (skipped.isEmpty() ? "nothing" : String.join("; ", skipped)));
      return Optional.of(g);
    } catch (IOException e) {
      System.out.println("   skipped " + file + ": cannot read " + path + ": " + e);
      return Optional.empty();
    }
  }

  /** A hit as BLAST users read it: 1-based inclusive ranges, identity. */
  private static String describe(Hit h, Settings s) {
    int matches = (h.score() - s.mismatch() * h.length()) / (s.match() - s.mismatch());
    return String.format(Locale.ROOT, "query %d-%d  db %d-%d  %d bases  score %d  identity %.1f%%",
        h.queryStart() + 1, h.queryStart() + h.length(), h.dbStart() + 1, h.dbStart() + h.length(), h.length(),
        h.score(), 100.0 * matches / h.length());
  }

  private static void filters(Device device) {
    Random random = new Random(1);
    int[] in = new int[1 << 20];
    for (int i = 0; i < in.length; i++) {
      in[i] = random.nextInt(1 << 20);
    }
    int bound = 1 << 19;
    FilterChainPipeline.Result res = FilterChainPipeline.builder().small(() -> new Below(bound)).device(device)
        .build().run(in);
    int[] expected = dev.sluice.examples.filters.Reference.kept(in, 3, bound);
    print("filters", "kept " + res.kept().length + " of " + in.length,
        sameSorted(longs(expected), longs(res.kept())), res.report());
  }

  private static void fanout(Device device) {
    Random random = new Random(2);
    int sensors = 16;
    float[] scale = new float[sensors];
    float[] offset = new float[sensors];
    for (int s = 0; s < sensors; s++) {
      scale[s] = 1f + s / 8f;
      offset[s] = s * 0.25f - 1f;
    }
    Reading[] in = new Reading[500_000];
    for (int i = 0; i < in.length; i++) {
      in[i] = new Reading(random.nextInt(sensors), (float) random.nextGaussian());
    }
    SensorSplitPipeline.Result res = SensorSplitPipeline.builder().classify(() -> new Classify(-1f, 1.5f))
        .calibrate(() -> new Calibrate(scale, offset)).device(device).build().run(in);
    var expected = dev.sluice.examples.fanout.Reference.split(in, -1f, 1.5f, scale, offset);
    boolean ok = sameStrings(expected.accepted(), res.accepted()) && sameStrings(expected.rejected(), res.rejected())
        && res.calibrated().length == expected.calibrated().length
        && res.classifyAcceptedCount() == expected.acceptedCount()
        && res.classifyMaxAccepted() == expected.maxAccepted();
    print("fanout", "accepted " + res.accepted().size() + ", rejected " + res.rejected().size() + ", calibrated "
        + res.calibrated().length + ", max accepted " + res.classifyMaxAccepted(), ok, res.report());
  }

  private static void synthGain(Device device) {
    for (float gain : SynthGains.BENCHMARK_GAINS) {
      int n = gain > 1 ? 1 << 16 : 1 << 20;
      SynthGainPipeline.Result res = SynthGains.builder(gain).device(device).build().runRange(0, n);
      long[] expected = dev.sluice.examples.synthgain.Reference.itemsOfRange(0, n, gain);
      print("synthgain (gain " + gain + ")", n + " ids -> " + res.items().length + " items",
          sameSorted(expected, res.items()), res.report());
    }
  }

  private static void lineParser(Device device) {
    byte[] text = SampleText.generate(new Random(4), 100_000);
    Line[] lines = dev.sluice.examples.lineparser.Reference.lines(text);
    LineParserPipeline.Result res = LineParserPipeline.builder().digits(() -> new Digits(text))
        .summarize(() -> new Summarize(text)).device(device).build().run(lines);
    var expected = dev.sluice.examples.lineparser.Reference.summaries(text, lines);
    print("lineparser", text.length + " bytes, " + lines.length + " lines -> " + res.summaries().size()
        + " summaries", sameStrings(expected, res.summaries()), res.report());
  }

  private static void signals(Device device) {
    // windows of 16 events; a chunk size that is a multiple of 16 puts whole windows in every chunk, so
    // the totals do not depend on which instance claims which chunk (an automatic chunk size is cut to
    // share the input among the instances, and may fall inside a window)
    Event[] events = dev.sluice.examples.signals.Reference.events(new Random(5), 100_000, 16);
    WindowsPipeline.Result res = WindowsPipeline.builder().scale(() -> new Scale(3)).device(device)
        .chunkSize(16 * 64).build().run(events);
    var expected = dev.sluice.examples.signals.Reference.totals(events, 3);
    print("signals", events.length + " events -> " + res.totals().size() + " window totals",
        sameStrings(expected, res.totals()), res.report());
  }

  private static void print(String name, String summary, boolean matches, RunReport report) {
    allMatch &= matches;
    System.out.println("== " + name + ": " + summary + (matches ? " (matches the reference)" : " (DIFFERS FROM THE REFERENCE)"));
    System.out.println(report);
  }

  private static long[] longs(int[] a) {
    long[] l = new long[a.length];
    for (int i = 0; i < a.length; i++) {
      l[i] = a[i];
    }
    return l;
  }

  private static boolean sameSorted(long[] expected, long[] actual) {
    long[] e = expected.clone();
    long[] a = actual.clone();
    java.util.Arrays.sort(e);
    java.util.Arrays.sort(a);
    return java.util.Arrays.equals(e, a);
  }

  private static <T> boolean sameStrings(List<T> expected, List<T> actual) {
    List<String> e = new ArrayList<>(expected.stream().map(String::valueOf).toList());
    List<String> a = new ArrayList<>(actual.stream().map(String::valueOf).toList());
    e.sort(null);
    a.sort(null);
    return e.equals(a);
  }
}
