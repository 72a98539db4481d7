package dev.sluice.spark;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.spark.pipelines.FaultyPipeline;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.SparkException;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Nulls, and values of another type, where a value must be, in a Spark context of their own
 * ({@code local[2,3]}): their failed tasks end after the assertion, and another class's listener of
 * failed tasks must not see them.
 */
class NullsTest {
  static JavaSparkContext sc;

  @BeforeAll
  static void start() {
    sc = SparkTests.local("local[2,3]", "NullsTest");
  }

  @AfterAll
  static void stop() {
    if (sc != null) {
      sc.stop();
    }
  }

  static SluiceSpark<Integer, FaultyPipeline.Result> faulty(int bad) {
    return FaultsTest.faulty(sc, bad);
  }

  /**
   * A null input item names its place in the run (outside-in helper-31: "failed after 0 items", the
   * items of whole chunks before it, was all the message said), and a reduction's read that returns
   * null fails the task rather than leave that run's value out of the total.
   */
  @Test
  void aNullItemIsNamedByItsPlaceAndANullReductionValueFailsTheTask() {
    List<Integer> withNull = new ArrayList<>(IntStream.range(0, 6_000).boxed().toList());
    withNull.set(4_321, null);
    SluiceRun<Integer, Void> run = faulty(-1).chunkItems(1_000).mapPartitions(sc.parallelize(withNull, 1),
        r -> IntStream.of(r.passed()).boxed().toList());
    SparkException e = assertThrows(SparkException.class, () -> run.items().collect());
    assertTrue(e.getMessage().contains("the input iterator failed after giving arrays of 4000 items in all: NullPointerException: a null"
        + " input item, item 4321 of this run and 4321 of the partition: an int source takes no nulls"), e.getMessage());
    // in a later batch, the run's place and the partition's differ
    SluiceRun<Integer, Void> batched = faulty(-1).batchItems(2_500).chunkItems(1_000)
        .mapPartitions(sc.parallelize(withNull, 1), r -> IntStream.of(r.passed()).boxed().toList());
    SparkException later = assertThrows(SparkException.class, () -> batched.items().collect());
    assertTrue(later.getMessage().contains("NullPointerException: a null input item, item 1821 of this run and 4321 of the"
        + " partition"), later.getMessage());
    // in the first array of a run: nothing was given before it, and the message says so (helper-106
    // read "after giving 0 items: ... item 267" as a contradiction)
    List<Integer> early = new ArrayList<>(IntStream.range(0, 2_000).boxed().toList());
    early.set(267, null);
    SluiceRun<Integer, Void> first = faulty(-1).chunkItems(1_000).mapPartitions(sc.parallelize(early, 1),
        r -> IntStream.of(r.passed()).boxed().toList());
    SparkException none = assertThrows(SparkException.class, () -> first.items().collect());
    assertTrue(none.getMessage().contains("the input iterator failed before giving its first array: NullPointerException:"
        + " a null input item, item 267 of this run and 267 of the partition"), none.getMessage());

    SluiceRun<Integer, Integer> nulls = faulty(-1).mapPartitions(sc.parallelize(IntStream.range(0, 1_000).boxed().toList(),
        1), r -> IntStream.of(r.passed()).boxed().toList(), Reduction.of(r -> (Integer) null, Integer::sum));
    SparkException n = assertThrows(SparkException.class, () -> nulls.items().count());
    assertTrue(n.getMessage().contains("the reduction's read returned null for a run"), n.getMessage());
  }

  /**
   * An RDD cast to another item type names the item and its type (outside-in helper-63: an
   * ArrayStoreException or a ClassCastException from unboxing, with no place).
   */
  @Test
  @SuppressWarnings({"rawtypes", "unchecked"})
  void anItemOfAnotherTypeIsNamedByItsPlace() {
    List<Object> mixed = new ArrayList<>(IntStream.range(0, 10).boxed().toList());
    mixed.set(7, "7");
    org.apache.spark.api.java.JavaRDD<Integer> cast = (org.apache.spark.api.java.JavaRDD) sc.parallelize(mixed, 1);
    SluiceRun<Integer, Void> run = faulty(-1).mapPartitions(cast, r -> IntStream.of(r.passed()).boxed().toList());
    SparkException e = assertThrows(SparkException.class, () -> run.items().collect());
    assertTrue(e.getMessage().contains("ClassCastException: input item 7 of this run and 7 of the partition is a"
        + " java.lang.String, not a java.lang.Integer, the pipeline's source items (an RDD or Dataset cast to another"
        + " item type?)"), e.getMessage());
  }

  /**
   * A runner that does not run the pipeline on the batch it is given fails its task (outside-in
   * helper-70): one that ignores its iterator was called again and again on the same partition, a
   * task that never ended; one that returns the Result of a second, empty run dropped the batch.
   */
  @Test
  void aRunnerThatDoesNotRunItsBatchFailsTheTask() {
    List<Integer> in = IntStream.range(0, 5_000).boxed().toList();
    SluiceSpark<Integer, FaultyPipeline.Result> ignores = SluiceSpark.ofInts(sc, slot -> FaultyPipeline.builder()
        .check(() -> new dev.sluice.spark.pipelines.Check(-1)).device(slot.device()).build())
        .runChunks((FaultyPipeline p, java.util.Iterator<int[]> chunks) -> p.run(new int[] {1}));
    SparkException e = assertThrows(SparkException.class, () -> ignores.mapPartitions(sc.parallelize(in, 1),
        r -> IntStream.of(r.passed()).boxed().toList()).items().count());
    // no item taken: said so, not "took 0 ... but ran 0" (outside-in helper-78)
    assertTrue(e.getMessage().contains("the runner took no item from the batch it was given (it would be called again"
        + " for ever on the same batch): a runner must run the pipeline"), e.getMessage());
    SluiceSpark<Integer, FaultyPipeline.Result> twice = SluiceSpark.ofInts(sc, slot -> FaultyPipeline.builder()
        .check(() -> new dev.sluice.spark.pipelines.Check(-1)).device(slot.device()).build())
        .runChunks((FaultyPipeline p, java.util.Iterator<int[]> chunks) -> {
          p.runChunks(chunks);
          return p.runChunks(chunks);
        });
    SparkException t = assertThrows(SparkException.class, () -> twice.mapPartitions(sc.parallelize(in, 1),
        r -> IntStream.of(r.passed()).boxed().toList()).items().count());
    assertTrue(t.getMessage().contains("the runner took 5000 items from the batch it was given, but the Result it"
        + " returned ran 0 input items"), t.getMessage());
    // one that reads part of its batch is called again for the rest: every item is run once
    SluiceSpark<Integer, FaultyPipeline.Result> part = SluiceSpark.ofInts(sc, slot -> FaultyPipeline.builder()
        .check(() -> new dev.sluice.spark.pipelines.Check(-1)).device(slot.device()).build())
        .runChunks((FaultyPipeline p, java.util.Iterator<int[]> chunks) -> p.run(chunks.next())).chunkItems(700);
    org.junit.jupiter.api.Assertions.assertEquals(5_000, part.mapPartitions(sc.parallelize(in, 1),
        r -> IntStream.of(r.passed()).boxed().toList()).items().count());
  }

  /** A factory that returns null is named by its class and the slot, not the adapter's key (outside-in helper-39). */
  @Test
  void aFactoryThatReturnsNullIsNamed() {
    SluiceRun<Integer, Void> run = SluiceSpark.ofInts(sc, slot -> (FaultyPipeline) null)
        .runChunks(FaultyPipeline::runChunks)
        .mapPartitions(sc.parallelize(IntStream.range(0, 10).boxed().toList(), 1), r -> FaultsTest.boxed(r.passed()));
    SparkException e = assertThrows(SparkException.class, () -> run.items().collect());
    assertTrue(e.getMessage().contains("the pipeline factory (dev.sluice.spark.NullsTest$") && e.getMessage()
        .contains(") returned null on executor driver for JVM"), e.getMessage());
  }
}
