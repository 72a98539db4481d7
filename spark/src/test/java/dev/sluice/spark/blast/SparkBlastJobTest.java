package dev.sluice.spark.blast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job's command line and inputs, refused on the driver before Spark starts: one line on stderr and
 * an exit status, as the BLAST command does (outside-in: stack traces, and files the command refuses
 * searched as something else).
 */
class SparkBlastJobTest {
  @TempDir Path dir;

  private record Ran(int status, String out, String err) {}

  private static Ran run(String... args) {
    return run(null, args);
  }

  /** Runs the job, its hits to {@code stdout} (null: to a buffer, returned). */
  private static Ran run(PrintStream stdout, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    // by default the job's own standard output, which buffers: what a path printed must be flushed (-help)
    int status = SparkBlastJob.run(args, stdout != null ? stdout : dev.sluice.examples.blast.StandardOutput.over(out),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Ran(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Runs the job in local mode with one task slot, as spark-submit's properties would set it. */
  private static Ran runLocal(String... args) {
    return runLocal(null, args);
  }

  /** {@link #runLocal(String...)}, its hits to {@code stdout}. */
  private static Ran runLocal(PrintStream stdout, String... args) {
    java.util.Map<String, String> conf = java.util.Map.of("spark.master", "local[1]", "spark.ui.enabled", "false",
        "spark.driver.host", "127.0.0.1", "spark.driver.bindAddress", "127.0.0.1");
    java.util.Map<String, String> before = new java.util.HashMap<>();
    conf.forEach((k, v) -> before.put(k, System.setProperty(k, v)));
    try {
      return run(stdout, args);
    } finally {
      // as they were: another test's settings are not ours to clear
      before.forEach((k, v) -> {
        if (v == null) {
          System.clearProperty(k);
        } else {
          System.setProperty(k, v);
        }
      });
    }
  }

  private Path file(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  private static void assertUsage(String line, String... args) {
    Ran r = run(args);
    assertEquals(2, r.status(), r.err());
    assertEquals("sluice-spark: " + line + "\n" + SparkBlastJob.USAGE + "\n", r.err());
    assertEquals("", r.out());
  }

  @Test
  void argumentMistakesAreOneLineAndStatus2() {
    assertUsage("no -db FILE");
    assertUsage("no -query FILE", "-db", "x.fa");
    assertUsage("-query needs a value", "-db", "x.fa", "-query");
    assertUsage("unknown argument '-qeury'", "-db", "x.fa", "-qeury", "q.fa");
    assertUsage("-partitions takes a positive whole number, not '0'", "-db", "x.fa", "-query", "q", "-partitions", "0");
    assertUsage("-chunk takes a positive whole number, not 'lots'", "-db", "x.fa", "-query", "q", "-chunk", "lots");
    // the name is checked on the driver; the device itself is looked for on each executor
    assertUsage("-device: unknown device 'bogus'; use cpu (or jvm), cpu:scheduled (or jvm:scheduled), opencl, gpu or opencl:N",
        "-db", "x.fa", "-query", "q", "-device", "bogus");
    // a second value would silently win (outside-in helper-39: the search ran against the second -db)
    assertUsage("-db is given twice", "-db", "x.fa", "-db", "y.fa", "-query", "q");
    assertUsage("-partitions is given twice", "-db", "x.fa", "-query", "q", "-partitions", "2", "-partitions", "3");
  }

  @Test
  void helpPrintsTheUsageAndSucceeds() {
    for (String[] args : new String[][] {{"-db", "x.fa", "-help"}, {"-db", "a", "-db", "b", "-help"},
        {"-partitions", "x", "-h"}}) {
      Ran r = run(args);
      assertEquals(0, r.status(), r.err());
      assertEquals(SparkBlastJob.USAGE + "\n", r.out());
      assertEquals("", r.err());
    }
  }

  private void assertUnreadable(String message, Path db, Path query) {
    Ran r = run("-db", db.toString(), "-query", query.toString());
    assertEquals(1, r.status(), r.err());
    assertEquals("sluice-spark: " + message + "\n", r.err());
  }

  @Test
  void inputsTheBlastCommandRefusesAreRefusedWithTheirLine() throws IOException {
    Path db = file("db.fa", ">db\nACGTACGTACGTACGTACGTACGTACGT\n");
    Path two = file("two.fa", ">q1\nACGTACGTACGTACGTACGT\n>q2\nTTTTGGGGCCCCAAAATTTT\n");
    assertUnreadable(two + ":3: a second FASTA record; the search reads one sequence per file, so split the file"
        + " or join the records", db, two);
    Path genbank = file("q.gb", "LOCUS       X 20 bp DNA\nORIGIN\n        1 acgtacgtac gtacgtacgt\n//\n");
    assertUnreadable(genbank + ":1:1: 'L' is no nucleotide letter (A C G T U, or IUPAC R Y S W K M B D H V N);"
        + " is this a FASTA or plain sequence file?", db, genbank);
    Path zero = Files.write(dir.resolve("q.gz"), new byte[] {'A', 'C', '\n', 0, 1, 2});
    assertUnreadable(zero + ":2: binary data (a zero byte), not a sequence file; a compressed file must be"
        + " unpacked first", db, zero);
    Path empty = file("empty.fa", ">nothing\n\n");
    assertUnreadable(empty + ": no bases in 2 line(s)", db, empty);
    assertUnreadable(dir.resolve("missing.fa") + ": no such file", dir.resolve("missing.fa"), two);
  }

  /** 60 bases of the E. coli-like alphabet with no repeat, and a query that is a stretch of it. */
  private static final String DB = "ACGTTGCAAGCTTCGATCGGATCCATGCAATTGCCGGTACCTAGGCTAAGTCCGATTACG";

  @Test
  void aTaskThatFailsOnAnExecutorIsItsReasonAndStatus1() throws IOException {
    Path db = file("db.fa", ">db\n" + DB + "\n");
    Path q = file("q.fa", ">q\n" + DB.substring(5, 45) + "\n");
    // the name is well formed, so the driver accepts it; the executor has no 100th OpenCL device
    Ran r = runLocal("-db", db.toString(), "-query", q.toString(), "-device", "opencl:99");
    assertEquals(1, r.status(), r.err());
    assertEquals("", r.out());
    String line = r.err().lines().filter(l -> l.startsWith("sluice-spark: the search failed in a Spark task: "))
        .findFirst().orElse(null);
    assertTrue(line != null && line.contains("Job aborted due to stage failure") && line.contains("opencl:99"),
        "one line with the task's reason: " + r.err());
    assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
  }

  @Test
  void morePartitionsThanChunksAreCappedAndSaid() throws IOException {
    Path db = file("db.fa", ">db\n" + DB + "\n");
    Path q = file("q.fa", ">q\n" + DB.substring(5, 45) + "\n");
    Ran r = runLocal("-db", db.toString(), "-query", q.toString(), "-partitions", "100000", "-chunk", "10");
    assertEquals(0, r.status(), r.err());
    // the query's 40 bases and the unknown base that ends it make 41 - 11 + 1 = 31 positions: four chunks
    assertTrue(r.err().contains("sluice-spark: -partitions 100000: the queries make 4 chunk(s) of at most 10"
        + " positions; using 4 partition(s)"), r.err());
    assertTrue(r.err().contains(" 4 partitions on executors"), r.err());
    // the BLAST command's columns and names (the FASTA headers' first words)
    assertEquals("q\tdb\t100.000\t40\t0\t0\t1\t40\t6\t45\t40", r.out().strip());
  }

  /**
   * Output that could not be written is a failed run that says so (it was status 0 and nothing said);
   * a reader that closed the pipe ({@code | head}) ends it in silence with 141, as the BLAST command.
   */
  @Test
  void failedOutputIsSaidAndAClosedPipeIsNot() throws IOException {
    Path db = file("db.fa", ">db\n" + DB + "\n");
    Path q = file("q.fa", ">q\n" + DB.substring(5, 45) + "\n");
    for (String failure : new String[] {"No space left on device", "Broken pipe"}) {
      java.io.OutputStream failing = new java.io.OutputStream() {
        @Override
        public void write(int b) throws IOException {
          throw new IOException(failure);
        }
      };
      Ran r = runLocal(dev.sluice.examples.blast.StandardOutput.over(failing), "-db", db.toString(), "-query", q.toString());
      if (failure.equals("Broken pipe")) {
        assertEquals(141, r.status(), r.err());
        assertFalse(r.err().contains("writing the hits failed"), r.err());
      } else {
        assertEquals(1, r.status(), r.err());
        assertTrue(r.err().contains("sluice-spark: writing the hits failed (a full disk?)"), r.err());
      }
    }
  }

  @Test
  void twoQueriesOfOneNameAreRefused() throws IOException {
    Path db = file("db.fa", ">db\n" + DB + "\n");
    Path a = file("a.fa", ">q first\n" + DB.substring(5, 45) + "\n");
    Path b = file("b.fa", ">q second\n" + DB.substring(10, 50) + "\n");
    Ran r = run("-db", db.toString(), "-query", a.toString(), "-query", b.toString());
    assertEquals(1, r.status(), r.err());
    assertEquals("sluice-spark: " + b + ": the query is named 'q', as " + a + " is: their hits could not be told"
        + " apart; give one of them another FASTA header\n", r.err());
  }

  @Test
  void theReasonIsOneLineUpToTheFirstStackFrame() {
    assertEquals("Job aborted due to stage failure: Lost task 0.0: java.lang.IllegalStateException: no device;"
        + " second line", SparkBlastJob.taskReason("Job aborted due to stage failure: Lost task 0.0:"
            + " java.lang.IllegalStateException: no device\nsecond line\n\tat a.b.C.d(C.java:1)\n\nDriver stacktrace:\n\tat x"));
    // a serialization failure's "Serialization stack:" entries are left out too
    assertEquals("Job aborted due to stage failure: Task not serializable: java.io.NotSerializableException: t.Foo",
        SparkBlastJob.taskReason("Job aborted due to stage failure: Task not serializable:"
            + " java.io.NotSerializableException: t.Foo\nSerialization stack:\n\t- object not serializable (class: t.Foo)"));
  }

  /** review: a failure that is not a task's, such as Spark's "Task not serializable", keeps its causes. */
  @Test
  void aFailureThatIsNoTasksKeepsItsCauses() {
    Exception e = new Exception("Task not serializable",
        new java.io.NotSerializableException("t.Connection"));
    assertEquals("Task not serializable (java.io.NotSerializableException: t.Connection)", SparkBlastJob.causes(e));
  }
}
