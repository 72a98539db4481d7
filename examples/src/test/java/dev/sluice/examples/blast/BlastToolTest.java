package dev.sluice.examples.blast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.opencl.OpenClDevices;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The flagship as a command: its arguments, its errors, its output, and its hits against the reference. */
class BlastToolTest {
  @TempDir Path dir;

  /** What one run of the command printed, and its exit status. */
  record Outcome(int status, String out, String err) {
    List<String> lines() {
      return out.isEmpty() ? List.of() : List.of(out.split("\n"));
    }
  }

  static Outcome run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    // the command's own standard output, which buffers: what a path printed must be flushed (-help)
    int status = BlastTool.run(args, StandardOutput.over(out), new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private Path file(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text, StandardCharsets.ISO_8859_1);
  }

  // ---- arguments

  @Test
  void defaultsAreTheLibrarysAndEveryOptionIsRead() throws Exception {
    BlastTool.Options d = BlastTool.Options.parse("-query", "q.fa", "-subject", "db.fa");
    assertEquals(Path.of("q.fa"), d.query());
    assertEquals(Path.of("db.fa"), d.subject());
    assertEquals(Settings.DEFAULT, d.settings());
    assertEquals(BlastTool.Strand.BOTH, d.strand());
    assertEquals("best", d.device());

    BlastTool.Options o = BlastTool.Options.parse("--query", "a", "-db", "b", "-word_size", "8", "-xdrop_ungap", "5",
        "-min_score", "12", "-reward", "2", "-penalty", "-3", "-strand", "Minus", "-device", "cpu", "-header", "-quiet");
    assertEquals(new Settings(8, Settings.DEFAULT.tableBits(), Settings.DEFAULT.maxPositions(), 2, -3, 5, 12),
        o.settings());
    assertEquals(BlastTool.Strand.MINUS, o.strand());
    assertEquals("cpu", o.device());
    assertTrue(o.header() && o.quiet());
    assertNull(BlastTool.Options.parse("-query", "a", "-help"));
  }

  /** The usage reaches standard output, which buffers (review helper-51: it printed nothing). */
  @Test
  void helpPrintsTheUsage() {
    Outcome r = run("-help");
    assertEquals(0, r.status(), r.err());
    assertEquals(BlastTool.Options.USAGE + "\n", r.out());
  }

  @Test
  void identityIsRoundedAsCsPrintfRoundsIt() {
    // 61 of 64: 95.3125 exactly, a tie: to even, as glibc's printf("%.3f") and so BLAST print it
    assertEquals("95.312", TabularRow.percent(100.0 * 61 / 64));
    assertEquals("98.438", TabularRow.percent(100.0 * 63 / 64));
    // 2 of 3: 66.666...: no tie
    assertEquals("66.667", TabularRow.percent(100.0 * 2 / 3));
    assertEquals("100.000", TabularRow.percent(100.0));
    // the double nearest 0.0005 is above it: up, where a decimal tie would go to even (0.000)
    assertEquals("0.001", TabularRow.percent(0.0005));
  }

  @Test
  void badArgumentsSayWhatIsWrongAndExitWith2() {
    assertUsage("unknown option -wordsize", "-query", "a", "-subject", "b", "-wordsize", "8");
    assertUsage("unknown option --colour", "-query", "a", "-subject", "b", "--colour");
    assertUsage("-strand needs a value", "-query", "a", "-subject", "b", "-strand");
    assertUsage("-word_size takes a whole number, not 'eleven'", "-query", "a", "-subject", "b", "-word_size", "eleven");
    assertUsage("-word_size must be in 1..15, not 16", "-query", "a", "-subject", "b", "-word_size", "16");
    // past int's range too: the option's own range, not int's (outside-in helper-71)
    assertUsage("-word_size must be in 1..15, not 99999999999", "-query", "a", "-subject", "b", "-word_size", "99999999999");
    assertUsage("-word_size must be in 1..15, not -99999999999", "-query", "a", "-subject", "b", "-word_size", "-99999999999");
    assertUsage("-min_score takes a whole number from -2147483648 to 2147483647, not 99999999999", "-query", "a", "-subject", "b",
        "-min_score", "99999999999");
    assertUsage("-penalty must be negative, not 1", "-query", "a", "-subject", "b", "-penalty", "1");
    assertUsage("-xdrop_ungap must not be negative, not -1", "-query", "a", "-subject", "b", "-xdrop_ungap", "-1");
    assertUsage("-strand must be plus, minus or both, not 'up'", "-query", "a", "-subject", "b", "-strand", "up");
    assertUsage("no database: give -subject FILE", "-query", "a");
    assertUsage("no query: give -query FILE", "-subject", "b");
    assertUsage("unexpected argument 'q.fa'", "q.fa", "db.fa");
    // a second value silently won over the first; a file name that is an option or empty was taken as one
    assertUsage("-word_size is given twice", "-query", "a", "-subject", "b", "-word_size", "5", "-word_size", "12");
    assertUsage("-db is given twice (-db is -subject)", "-query", "a", "-subject", "b", "-db", "c");
    assertUsage("-query needs a file, not the option -subject", "-query", "-subject", "b");
    assertUsage("-query needs a file, not an empty name", "-query", "", "-subject", "b");
  }

  private static void assertUsage(String message, String... args) {
    Outcome o = run(args);
    assertEquals(2, o.status(), o.err());
    assertTrue(o.err().startsWith("blast: " + message), o.err());
    assertTrue(o.err().contains("usage: blast -query FILE -subject FILE"), o.err());
    assertEquals("", o.out());
  }

  @Test
  void anUnknownDeviceIsAnArgumentError() throws IOException {
    Path q = file("q.txt", "ACGTACGTACGT\n");
    Outcome o = run("-query", q.toString(), "-subject", q.toString(), "-device", "tpu");
    assertEquals(2, o.status());
    assertTrue(o.err().startsWith("blast: -device: unknown device 'tpu'") && o.err().contains("; or best, the default"), o.err());
    Outcome none = run("-query", q.toString(), "-subject", q.toString(), "-device", "opencl:99");
    assertEquals(2, none.status());
    assertTrue(none.err().startsWith("blast: -device: no OpenCL device 99"), none.err());
    // the command's own default is offered only for a name that is no device's (review)
    assertFalse(none.err().contains("or best"), none.err());
    Outcome best = run("-query", q.toString(), "-subject", q.toString(), "-device", "BEST", "-quiet");
    assertEquals(0, best.status(), best.err());
    // a device this machine lacks is said in one line, not a stack trace
    Outcome gpu = run("-query", q.toString(), "-subject", q.toString(), "-device", "gpu", "-quiet");
    if (OpenClDevices.list().stream().anyMatch(d -> d.getType() == com.aparapi.device.Device.TYPE.GPU)) {
      assertEquals(0, gpu.status(), gpu.err());
    } else {
      assertEquals(2, gpu.status(), gpu.err());
      assertTrue(gpu.err().startsWith("blast: -device: no OpenCL GPU"), gpu.err());
    }
  }

  /** A device that is not there, named by -Dsluice.device rather than -device: one line too (helper-54). */
  @Test
  void aDeviceNamedByThePropertyThatIsNotThereIsOneLine() throws IOException {
    if (OpenClDevices.list().stream().anyMatch(d -> d.getType() == com.aparapi.device.Device.TYPE.GPU)
        || System.getenv(Device.ENVIRONMENT) != null || System.getProperty(Device.PROPERTY) != null) {
      return; // a GPU here, or a device named already: nothing to refuse
    }
    Path q = file("q.txt", "ACGTACGTACGT\n");
    System.setProperty(Device.PROPERTY, "gpu");
    try {
      Outcome o = run("-query", q.toString(), "-subject", q.toString(), "-quiet");
      assertEquals(2, o.status(), o.err());
      assertTrue(o.err().startsWith("blast: no OpenCL GPU; this machine has "), o.err());
      assertTrue(o.err().strip().endsWith("(from -D" + Device.PROPERTY + ")"), o.err());
      assertEquals(1, o.err().strip().split("\n").length, o.err());
    } finally {
      System.clearProperty(Device.PROPERTY);
    }
  }

  // ---- input it cannot read

  @Test
  void unreadableInputNamesTheFileAndLineAndExitsWith1() throws IOException {
    Path good = file("good.fa", ">good\nACGTACGTACGTACGT\n");
    assertInput(dir.resolve("missing.fa") + ": no such file", dir.resolve("missing.fa"), good);
    assertInput(dir + ": is a directory", good, dir);
    Path gz = Files.write(dir.resolve("db.fa.gz"), new byte[] {'A', 'C', '\n', 'G', 'T', '\n', 0x1f, (byte) 0x8b, 0, 1});
    assertInput(gz + ":3: binary data (a zero byte)", good, gz);
    Path genbank = file("entry.gb", "ACGTACGT\r\nLOCUS       NC_000913  4641652 bp    DNA\r\nACGT\r\n");
    assertInput(genbank + ":2:1: 'L' is no nucleotide letter", genbank, good);
    Path two = file("two.fa", ">first\nACGTACGT\n\n>second chromosome\nGGGG\n");
    assertInput(two + ":4: a second FASTA record", good, two);
    Path empty = file("empty.fa", ">nothing here\r\n\r\n<pre></pre>\r\n");
    assertInput(empty + ": no bases in 3 line(s)", empty, good);
    // outside-in helper-55: a FASTQ read's name (m c c s of "ccs") and its quality letters were read as
    // bases where no letter outside IUPAC's happened to occur, shifting every position
    Path fastq = file("reads.fq", "\n@m64011_190830_220126/1/ccs\nACGTACGTACGTACGT\n+\nAAAAAAAAAAAAAAAA\n");
    assertInput(fastq + ":2: a line starting with '@', as a FASTQ record begins", fastq, good);
    Path utf16 = Files.write(dir.resolve("utf16.fa"), ">q\nACGT\n".getBytes(StandardCharsets.UTF_16));
    assertInput(utf16 + ":1: UTF-16 text (its byte-order mark)", utf16, good);
  }

  /** outside-in helper-55: an id from a file name with a tab made 12 columns; one named ".fa" had none. */
  @Test
  void anIdFromAFileNameIsOneColumn() throws IOException {
    String bases = "GATTACACCGGTTAACGTAGCTAGGCTTAACGGATCCAATG\n";
    Path spaced = file("my\tquery one.seq", bases);
    Path dotOnly = file(".fa", bases);
    Outcome o = run("-query", spaced.toString(), "-subject", dotOnly.toString(), "-device", "cpu", "-strand", "plus");
    assertEquals(0, o.status(), o.err());
    assertEquals(1, o.lines().size(), o.out());
    String[] columns = o.lines().get(0).split("\t", -1);
    assertEquals(11, columns.length, o.out());
    assertEquals("my_query_one", columns[0]);
    assertEquals(".fa", columns[1]);
  }

  /** outside-in helper-55: {@code -} named a file called "-"; it is standard input, for one of the two. */
  @Test
  void aDashIsStandardInput() throws Exception {
    BlastTool.Options o = BlastTool.Options.parse("-query", "-", "-subject", "db.fa");
    assertEquals(BlastTool.Options.STDIN, o.query());
    BlastTool.UsageException both = org.junit.jupiter.api.Assertions.assertThrows(BlastTool.UsageException.class,
        () -> BlastTool.Options.parse("-query", "-", "-subject", "-"));
    assertEquals("-query and -subject are both - (standard input), which holds one of them", both.getMessage());
  }

  /** outside-in helper-55: Integer.parseInt reads Arabic-Indic and full-width digits as numbers. */
  @Test
  void optionNumbersAreAsciiDigits() {
    for (String digits : new String[] {"\u0661\u0661", "\uff11\uff11"}) {
      BlastTool.UsageException e = org.junit.jupiter.api.Assertions.assertThrows(BlastTool.UsageException.class,
          () -> BlastTool.Options.parse("-query", "q", "-subject", "s", "-word_size", digits));
      assertEquals("-word_size takes a whole number, not '" + digits + "'", e.getMessage());
    }
  }

  /**
   * At or above a seed's own score, the X-drop lets an alignment's first seed stop where a later one
   * goes on (outside-in helper-55), and the command says so.
   */
  @Test
  void anXDropAtOrAboveASeedsScoreIsWarnedOf() throws IOException {
    Path q = file("q.fa", ">q\nGATTACACCGGTTAACGTAGCTAGGCTTAACGGATCCAATG\n");
    String warning = "blast: warning: -xdrop_ungap 11 is at least -word_size x -reward (11)";
    Outcome at = run("-query", q.toString(), "-subject", q.toString(), "-device", "cpu", "-xdrop_ungap", "11");
    assertEquals(0, at.status(), at.err());
    assertTrue(at.err().contains(warning), at.err());
    Outcome below = run("-query", q.toString(), "-subject", q.toString(), "-device", "cpu", "-xdrop_ungap", "10");
    assertFalse(below.err().contains("-xdrop_ungap"), below.err());
    Outcome quiet = run("-query", q.toString(), "-subject", q.toString(), "-device", "cpu", "-xdrop_ungap", "11",
        "-quiet");
    assertEquals("", quiet.err());
  }

  /**
   * A file that is not a regular one has no size to check before reading: /dev/zero ran the JVM out of
   * memory (outside-in helper-29); it is read in blocks and refused at its first zero byte, as a pipe
   * or /dev/stdin of binary data would be.
   */
  @Test
  void aDeviceFileIsReadInBlocksAndRefusedAtItsFirstZeroByte() throws IOException {
    Path zero = Path.of("/dev/zero");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isReadable(zero) && !Files.isRegularFile(zero), "no /dev/zero");
    Path good = file("good.fa", ">good\nACGTACGTACGTACGT\n");
    assertInput(zero + ":1: binary data (a zero byte)", good, zero);
  }

  @Test
  void aHeaderAfterBasesWithoutOneIsASecondRecord() throws IOException {
    Path good = file("good.fa", ">good\nACGTACGTACGTACGT\n");
    Path joined = file("joined.fa", "ACGTACGTACGTACGTACGTAC\n>r2 after plain sequence\nGGGGCCCCAAAATTTTACGT\n");
    assertInput(joined + ":2: a FASTA header after 22 bases without one", good, joined);
  }

  @Test
  void aSequenceAgainstItselfIsOneFullLengthHit() throws IOException {
    // every seed of the diagonal lies inside that one alignment, and only the first reports it
    java.util.Random random = new java.util.Random(7);
    StringBuilder bases = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      bases.append("ACGT".charAt(random.nextInt(4)));
    }
    Path self = file("self.fa", ">self\n" + bases + "\n");
    Outcome o = run("-query", self.toString(), "-subject", self.toString(), "-device", "cpu", "-strand", "plus");
    assertEquals(0, o.status(), o.err());
    assertEquals(List.of("self\tself\t100.000\t20000\t0\t0\t1\t20000\t1\t20000"),
        o.lines().stream().map(l -> l.substring(0, l.lastIndexOf('\t'))).toList(), o.out());
  }

  @Test
  void anRnaQueryFindsTheDnaItWasTranscribedFrom() throws IOException {
    String dna = "GATTACACCGGTTAACGTAGCTAGGCTTAACGGATCCAATG";
    Path subject = file("dna.fa", ">dna\nTTTT" + dna + "TTTT\n");
    Path rna = file("rna.fa", ">rna\n" + dna.replace('T', 'U').toLowerCase() + "\n");
    Path asDna = file("asdna.fa", ">rna\n" + dna + "\n");
    Outcome o = run("-query", rna.toString(), "-subject", subject.toString(), "-device", "cpu", "-strand", "plus");
    assertEquals(0, o.status(), o.err());
    assertEquals(1, o.lines().size(), o.out());
    assertEquals(firstRow(asDna, subject), o.lines().get(0), "U reads as T");
  }

  /**
   * A byte skipped that may have been meant as a base (a Cyrillic letter typed for one) is said, with
   * the file and line: every position after it is one less (outside-in helper-71: silent).
   */
  @Test
  void skippedBytesAreSaid() throws IOException {
    Path good = file("good.fa", ">good\nACGTACGTACGTACGTACGTACGT\n");
    Path typo = Files.write(dir.resolve("typo.fa"), ">typo\nACGTACGTACGT\nACGT\u0410CGTACGTACGT\n"
        .getBytes(StandardCharsets.UTF_8));
    Outcome o = run("-query", typo.toString(), "-subject", good.toString(), "-device", "cpu");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.err().contains("blast: warning: " + typo + ":3: 2 byte(s) skipped that are no base, blank, tag or"
        + " header"), o.err());
    assertEquals("", run("-query", typo.toString(), "-subject", good.toString(), "-device", "cpu", "-quiet").err());
    assertTrue(!run("-query", good.toString(), "-subject", good.toString(), "-device", "cpu").err().contains("skipped"));
  }

  /**
   * A heap too small for the input is one line and status 1, not a stack trace (outside-in helper-71):
   * the command in a JVM of its own with a 32 MiB heap, reading a 40 MB file.
   */
  @Test
  void aHeapTooSmallIsOneLine() throws IOException, InterruptedException {
    Path good = file("good.fa", ">good\nACGTACGTACGTACGTACGTACGT\n");
    Path big = dir.resolve("big.fa");
    byte[] line = "ACGTACGTACGTACGTACGTACGTACGTACGTACGTACGTACGTACGTACGTACGTACGTACGTACGTAC\n".getBytes(StandardCharsets.US_ASCII);
    try (java.io.OutputStream o = new java.io.BufferedOutputStream(Files.newOutputStream(big))) {
      for (int i = 0; i < 40_000_000 / line.length; i++) {
        o.write(line);
      }
    }
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx32m",
        "-cp", System.getProperty("java.class.path"), BlastTool.class.getName(), "-query", good.toString(),
        "-subject", big.toString(), "-device", "cpu", "-quiet").redirectErrorStream(true).start();
    String said = dev.sluice.runtime.testing.ChildJvm.withoutLauncherNotes(
        new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    assertEquals(1, p.waitFor(), said);
    assertTrue(said.startsWith("blast: out of memory (Java heap space) with a heap of "), said);
    assertTrue(said.contains("give Java a larger heap (-Xmx)") && !said.contains("\tat "), said);
  }

  /** outside-in helper-44: an all-N query searched in silence, its empty output read as no match. */
  @Test
  void aQueryWithNothingToSeedWithIsSaid() throws IOException {
    Path good = file("good.fa", ">good\nACGTACGTACGTACGTACGTACGT\n");
    String warning = "blast: warning: the query has no 11-mer of known bases (A C G T) to seed with: it is shorter"
        + " than the word size, or every 11 bases of it hold an N or another IUPAC code; no hit can be found";
    for (String bases : new String[] {"NNNNNNNNNNNNNNNNNNNN", "ACGTACGTNACGTACGTN", "ACGTAC"}) {
      Path q = file("q.fa", ">q\n" + bases + "\n");
      Outcome o = run("-query", q.toString(), "-subject", good.toString(), "-device", "cpu");
      assertEquals(0, o.status(), o.err());
      assertEquals("", o.out());
      assertTrue(o.err().contains(warning), bases + ": " + o.err());
      assertEquals(1, o.err().split(java.util.regex.Pattern.quote(warning), -1).length - 1, "once for both strands");
      Outcome quiet = run("-query", q.toString(), "-subject", good.toString(), "-device", "cpu", "-quiet");
      assertEquals("", quiet.err());
      // the subject the same (outside-in helper-55: an all-N or short subject gave an empty output only)
      Outcome subject = run("-query", good.toString(), "-subject", q.toString(), "-device", "cpu");
      assertEquals(0, subject.status(), subject.err());
      assertEquals("", subject.out());
      assertTrue(subject.err().contains("blast: warning: the subject has no 11-mer of known bases (A C G T)"),
          bases + ": " + subject.err());
    }
    Outcome fine = run("-query", good.toString(), "-subject", good.toString(), "-device", "cpu");
    assertFalse(fine.err().contains("warning"), fine.err());
  }

  @Test
  void theFirstBadLetterInTheFileIsNamedAndNonAsciiIdsReadAsUtf8() throws IOException {
    Path good = file("good.fa", ">good\nACGTACGTACGTACGT\n");
    // 'E' comes first in the alphabet, 'Z' first in the file, in column 9
    Path bad = file("bad.fa", ">bad\nACGTACGTZACGT\nACGTACGTEACGT\n");
    assertInput(bad + ":2:9: 'Z' is no nucleotide letter (A C G T U, or IUPAC", bad, good);
    // on one line too, with its column: 'f' comes first in the alphabet, 'o' first on the line
    // (outside-in helper-115: "@notfastq" after bases was said to have an 'f')
    Path line = file("line.fa", ">x\r\nACGTACGT\r\nAC@notfastq\r\n");
    assertInput(line + ":3:5: 'o' is no nucleotide letter", line, good);
    // quoted as the file writes it (outside-in helper-44: 'q' was quoted 'Q', which a search of the file misses)
    Path lower = file("lower.fa", ">t\nACGTACGTACGT\nACGTqACGT\n");
    assertInput(lower + ":3:5: 'q' is no nucleotide letter (A C G T U, or IUPAC", lower, good);
    Path named = Files.write(dir.resolve("named.fa"), ">h\u00e9llo\nACGTACGTACGTACGTACGTACGTACGTACGTACGTAC\n"
        .getBytes(StandardCharsets.UTF_8));
    Outcome o = run("-query", named.toString(), "-subject", named.toString(), "-device", "cpu", "-strand", "plus");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.out().startsWith("h\u00e9llo\th\u00e9llo\t"), o.out());
  }

  @Test
  void kmersOverTheCapAreWarnedOf() throws IOException {
    // a smaller word size found fewer hits, silently: its k-mers hit the cap of positions per k-mer
    Path q = file("repeats.fa", ">rep\n" + "ACGT".repeat(40) + "\n");
    Outcome o = run("-query", q.toString(), "-subject", q.toString(), "-device", "cpu", "-word_size", "4");
    assertEquals(0, o.status(), o.err());
    assertTrue(o.err().contains("blast: warning: ") && o.err().contains("query positions left out of the seed table"),
        o.err());
    Outcome quiet = run("-query", q.toString(), "-subject", q.toString(), "-device", "cpu", "-word_size", "4", "-quiet");
    assertEquals("", quiet.err());
  }

  @Test
  void aFailedWriteIsAFailedRun() throws IOException {
    Path q = file("w.fa", ">w\nACGTACGTACGTACGTACGTACGTACGTACGTACGT\n");
    java.io.OutputStream full = new java.io.OutputStream() {
      @Override
      public void write(int b) throws IOException {
        throw new IOException("No space left on device");
      }
    };
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = BlastTool.run(new String[] {"-query", q.toString(), "-subject", q.toString(), "-device", "cpu"},
        new PrintStream(full, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(1, status, "the hits were lost: not exit 0");
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("blast: writing the hits failed"), err.toString(StandardCharsets.UTF_8));
  }

  /**
   * A reader that closed the pipe (`blast ... | head`): no message, and the status of a command killed
   * by SIGPIPE; a full disk on the same output is still a failed run that says so.
   */
  @Test
  void aClosedPipeEndsTheCommandInSilence() throws IOException {
    Path q = file("p.fa", ">p\nACGTACGTACGTACGTACGTACGTACGTACGTACGT\n");
    String[] args = {"-query", q.toString(), "-subject", q.toString(), "-device", "cpu", "-quiet"};
    for (String failure : new String[] {"Broken pipe", "No space left on device"}) {
      java.io.OutputStream failing = new java.io.OutputStream() {
        @Override
        public void write(int b) throws IOException {
          throw new IOException(failure);
        }
      };
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int status = BlastTool.run(args, StandardOutput.over(failing), new PrintStream(err, true, StandardCharsets.UTF_8));
      if (failure.equals("Broken pipe")) {
        assertEquals(141, status);
        assertEquals("", err.toString(StandardCharsets.UTF_8));
      } else {
        assertEquals(1, status);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("blast: writing the hits failed"), err.toString(StandardCharsets.UTF_8));
      }
    }
    // and what is written arrives
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertEquals(0, BlastTool.run(args, StandardOutput.over(out), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
    assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("p\tp\t100.000\t"), out.toString(StandardCharsets.UTF_8));
  }

  /** What the command reads as the query: its id and its sequence's first base numbers. */
  private String firstRow(Path query, Path subject) {
    Outcome o = run("-query", query.toString(), "-subject", subject.toString(), "-device", "cpu", "-min_score", "20",
        "-strand", "plus");
    assertEquals(0, o.status(), o.err());
    return o.lines().get(0);
  }

  @Test
  void aByteOrderMarkATagSpanningLinesAndOldMacLineEndsKeepHeadersAndPositions() throws IOException {
    String bases = "ACGGTCATTGCAGTCCATGACGTTGCAAGTCGATCAGCTTGA";
    Path db = file("db.txt", "TTTTTTTTTTTTTTTTTTTT" + bases + "TTTTTTTTTTTTTTTTTTTT\n");
    String expected = "chrM\tdb\t100.000\t42\t0\t0\t1\t42\t21\t62\t42";
    // a UTF-8 byte-order mark before the header (Windows editors write one)
    Path bom = Files.write(dir.resolve("bom.fa"), ("\uFEFF>chrM\n" + bases + "\n").getBytes(StandardCharsets.UTF_8));
    assertEquals(expected, firstRow(bom, db));
    // a tag whose '>' starts the next line is a tag, not a second record; the command says so, since
    // that line could have been a header ('...GC<A' then '>gag' read "gag" as bases: outside-in helper-115)
    Path tag = file("tag.fa", ">chrM\n" + bases.substring(0, 11) + "<div\n>" + bases.substring(11) + "\n");
    assertEquals(expected, firstRow(tag, db));
    Outcome warned = run("-query", tag.toString(), "-subject", db.toString(), "-device", "cpu", "-min_score", "20",
        "-strand", "plus");
    assertTrue(warned.err().contains("blast: warning: " + tag + ":3: a tag opened on line 2 ends with the '>' that begins"
        + " this line (1 such tag(s) in all), read as the tag's end, not as a FASTA header: if this line is a header,"
        + " the '<' on line 2 is stray and the file holds a second record"), warned.err());
    Outcome quiet = run("-query", bom.toString(), "-subject", db.toString(), "-device", "cpu", "-min_score", "20",
        "-strand", "plus");
    assertFalse(quiet.err().contains("a tag opened"), quiet.err());
    // CR alone ends a line, so the header is one line and the bases are read
    Path mac = file("mac.fa", ">chrM old Mac\r" + bases.substring(0, 20) + "\r" + bases.substring(20) + "\r");
    assertEquals(expected, firstRow(mac, db));
    // blanks between '>' and the id (the id was empty, so the file name stood in: "blank")
    Path blank = file("blank.fa", ">  \tchrM mitochondrion\n" + bases + "\n");
    assertEquals(expected, firstRow(blank, db));
  }

  @Test
  void scoresThatCouldOverflowAreRefused() throws IOException {
    Path q = file("q.txt", "ACGTACGTACGTACGTACGTACGTACGTACGTACGTACGTAC\n");
    Outcome reward = run("-query", q.toString(), "-subject", q.toString(), "-device", "cpu", "-reward", "2000000000");
    assertEquals(2, reward.status(), reward.err());
    assertTrue(reward.err().startsWith("blast: -reward, -penalty, -xdrop_ungap: a match score of 2000000000 over 42"
        + " bases can reach 84000000000"), reward.err());
    Outcome drop = run("-query", q.toString(), "-subject", q.toString(), "-device", "cpu", "-penalty", "-2000000000",
        "-xdrop_ungap", "2147483647");
    assertEquals(2, drop.status(), drop.err());
    assertTrue(drop.err().contains("an X-drop of 2147483647 with a mismatch score of -2000000000"), drop.err());
    assertUsage("-min_score takes a whole number from -2147483648 to 2147483647, not 99999999999", "-query", "a",
        "-subject", "b", "-min_score", "99999999999");
  }

  private static void assertInput(String message, Path query, Path subject) {
    Outcome o = run("-query", query.toString(), "-subject", subject.toString(), "-device", "cpu");
    assertEquals(1, o.status(), o.err());
    assertTrue(o.err().startsWith("blast: " + message), o.err());
    assertEquals("", o.out());
  }

  // ---- output

  /**
   * A 300-base query and a 1000-base database with two planted alignments: query bases 41..240 at
   * database 501..700 with two mismatches, and the reverse complement of query bases 151..270 at
   * database 851..970. Twelve bases on each side of both are mismatches, so each extension stops at
   * the planted ends. The database file is messy (lower case, CRLF, a tag and an N far from the hits)
   * and has no header, so its id is the file name.
   */
  @Test
  void printsOutfmt6ColumnsForBothStrands() throws IOException {
    Random random = new Random(15);
    byte[] query = randomBases(random, 300);
    byte[] db = randomBases(random, 1000);
    System.arraycopy(query, 40, db, 500, 200);
    db[550] = other(db[550]);
    db[620] = other(db[620]);
    mismatchFlank(query, 28, db, 488);
    mismatchFlank(query, 240, db, 700);
    byte[] rc = BlastTool.reverseComplement(query);
    System.arraycopy(rc, 30, db, 850, 120); // rc[30..150) is query[150..270) read backwards, complemented
    mismatchFlank(rc, 18, db, 838);
    mismatchFlank(rc, 150, db, 970);
    db[20] = Dna.UNKNOWN;

    Path q = file("query.fa", ">sal|q1 a query\n" + wrap(Dna.letters(query, 0, query.length), 60, "\n"));
    String dbText = wrap(Dna.letters(db, 0, db.length).toLowerCase(java.util.Locale.ROOT), 70, "\r\n");
    dbText = dbText.substring(0, 100) + "</pre><pre>" + dbText.substring(100);
    Path s = file("ecoli.txt", dbText);

    Outcome both = run("-query", q.toString(), "-subject", s.toString(), "-device", "cpu", "-header");
    assertEquals(0, both.status(), both.err());
    assertEquals(List.of(
        "# Fields: query id, subject id, % identity, alignment length, mismatches, gap opens, q. start, q. end,"
            + " s. start, s. end, score",
        "sal|q1\tecoli\t99.000\t200\t2\t0\t41\t240\t501\t700\t194",
        "sal|q1\tecoli\t100.000\t120\t0\t0\t151\t270\t970\t851\t120"), both.lines());
    assertEquals("", both.err(), "no progress on a short input");

    Outcome plus = run("-query", q.toString(), "-subject", s.toString(), "-device", "cpu", "-strand", "plus");
    assertEquals(List.of("sal|q1\tecoli\t99.000\t200\t2\t0\t41\t240\t501\t700\t194"), plus.lines());
    Outcome minus = run("-query", q.toString(), "-subject", s.toString(), "-device", "cpu", "-strand", "minus",
        "-min_score", "150");
    assertEquals(List.of(), minus.lines(), "the minus hit scores 120");
  }

  private static byte[] randomBases(Random random, int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) random.nextInt(4);
    }
    return b;
  }

  private static byte other(byte base) {
    return (byte) ((base + 1) % 4);
  }

  /** db[at .. at + 12) differs from q[from .. from + 12) base by base. */
  private static void mismatchFlank(byte[] q, int from, byte[] db, int at) {
    for (int i = 0; i < 12; i++) {
      db[at + i] = other(q[from + i]);
    }
  }

  private static String wrap(String s, int width, String eol) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length(); i += width) {
      b.append(s, i, Math.min(s.length(), i + width)).append(eol);
    }
    return b.toString();
  }

  @Test
  void reverseComplementKeepsUnknownBases() {
    assertEquals("NACGT", Dna.letters(BlastTool.reverseComplement(Dna.codes("ACGTN")), 0, 5));
    assertEquals("TTGCA", Dna.letters(BlastTool.reverseComplement(Dna.codes("TGCAA")), 0, 5));
  }

  // ---- the real genomes

  /**
   * Salmonella 10k against all of E. coli, both strands, with a threshold low enough that the minus
   * strand has hits: the command's rows are the reference's hits of the query and of its reverse
   * complement, with positions mapped back to the query. Long input, so it reports progress.
   */
  @Test
  void hitsEqualTheReferenceOnTheRealGenomes() {
    Path data = RealData.folder();
    Settings settings = Settings.DEFAULT.withThreshold(20);
    byte[] query = RealData.genome("salmonella-10k.txt").sequence();
    byte[] db = RealData.genome("ecoli-k12-231k.txt").sequence();
    List<String> expected = new ArrayList<>();
    for (Hit h : Reference.hits(query, db, settings)) {
      expected.add(columns(h.queryStart() + 1, h.queryStart() + h.length(), h.dbStart() + 1,
          h.dbStart() + h.length(), h));
    }
    int plus = expected.size();
    byte[] rc = new byte[query.length];
    for (int i = 0; i < query.length; i++) {
      byte c = query[query.length - 1 - i];
      rc[i] = c == Dna.UNKNOWN ? c : (byte) (3 - c);
    }
    for (Hit h : Reference.hits(rc, db, settings)) {
      int last = query.length - h.queryStart(); // rc position p is query position length - 1 - p
      expected.add(columns(last - h.length() + 1, last, h.dbStart() + h.length(), h.dbStart() + 1, h));
    }
    assertTrue(plus > 0 && expected.size() > plus, "hits on both strands: " + plus + " and " + (expected.size() - plus));

    Outcome o = run("-query", data.resolve("salmonella-10k.txt").toString(), "-subject",
        data.resolve("ecoli-k12-231k.txt").toString(), "-min_score", "20", "-device", "cpu");
    assertEquals(0, o.status(), o.err());
    List<String> actual = new ArrayList<>();
    List<Integer> scores = new ArrayList<>();
    for (String line : o.lines()) {
      String[] f = line.split("\t");
      assertEquals(11, f.length, line);
      assertEquals("salmonella-10k", f[0]);
      assertEquals("ecoli-k12-231k", f[1]);
      assertEquals("0", f[5], "ungapped");
      int length = Integer.parseInt(f[3]);
      int mismatches = Integer.parseInt(f[4]);
      assertEquals(TabularRow.percent(100.0 * (length - mismatches) / length), f[2]);
      // an ungapped alignment scores match * identities + mismatch * mismatches
      assertEquals(settings.match() * (length - mismatches) + settings.mismatch() * mismatches, Integer.parseInt(f[10]));
      actual.add(String.join(" ", f[6], f[7], f[8], f[9], f[3], f[10]));
      scores.add(Integer.parseInt(f[10]));
    }
    assertEquals(expected.stream().sorted().toList(), actual.stream().sorted().toList());
    List<Integer> sorted = new ArrayList<>(scores);
    sorted.sort(java.util.Comparator.reverseOrder());
    assertEquals(sorted, scores, "best score first");
    assertTrue(o.err().contains("blast: searched 4,621,100 database positions (both strands) in "), o.err());
    assertTrue(o.err().endsWith(" hits\n"), o.err());
    assertTrue(o.err().contains(String.format(java.util.Locale.ROOT, ": %,d hits", expected.size())), o.err());

    Outcome quiet = run("-query", data.resolve("salmonella-10k.txt").toString(), "-subject",
        data.resolve("ecoli-k12-231k.txt").toString(), "-min_score", "20", "-device", "cpu", "-strand", "plus", "-quiet");
    assertEquals("", quiet.err());
    assertEquals(plus, quiet.lines().size());
  }

  private static String columns(int qStart, int qEnd, int sStart, int sEnd, Hit h) {
    return String.join(" ", Arrays.stream(new int[] {qStart, qEnd, sStart, sEnd, h.length(), h.score()})
        .mapToObj(Integer::toString).toList());
  }
}
