package dev.sluice.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import dev.sluice.spark.pipelines.Check;
import dev.sluice.spark.pipelines.FailOnce;
import dev.sluice.spark.pipelines.FaultyPipeline;
import dev.sluice.spark.pipelines.FlakyPipeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.apache.spark.SparkException;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Faults in {@code local[2,3]} (two task slots, a task tried up to three times): a node that fails
 * fails its task with the pipeline's message; a task that fails once and passes on its retry gives
 * every item exactly once and a report that counts each partition once; a pipeline that cannot run
 * on the executor's OpenCL device fails with the reason, or runs on the CPU and says so.
 */
class FaultsTest {
  static final int N = 10_000;
  static JavaSparkContext sc;

  @BeforeAll
  static void start() {
    sc = SparkTests.local("local[2,3]", "FaultsTest");
  }

  @AfterAll
  static void stop() {
    if (sc != null) {
      sc.stop();
    }
  }

  static JavaRDD<Integer> numbers() {
    return sc.parallelize(IntStream.range(0, N).boxed().toList(), 4);
  }

  static SluiceSpark<Integer, FaultyPipeline.Result> faulty(int bad) {
    return faulty(sc, bad);
  }

  /** The Faulty pipeline over ints in {@code context}, refusing item {@code bad} (-1: none). */
  static SluiceSpark<Integer, FaultyPipeline.Result> faulty(JavaSparkContext context, int bad) {
    return SluiceSpark.ofInts(context, slot -> FaultyPipeline.builder().check(() -> new Check(bad))
            .device(slot.device()).instances(slot.instances()).build())
        .runChunks(FaultyPipeline::runChunks);
  }

  static List<Integer> boxed(int[] a) {
    return IntStream.of(a).boxed().toList();
  }

  @Test
  void aFailingNodeFailsTheTaskWithThePipelinesMessage() {
    SluiceRun<Integer, Void> run = faulty(7_777).mapPartitions(numbers(), r -> boxed(r.passed()));
    SparkException e = assertThrows(SparkException.class, () -> run.items().collect());
    String m = e.getMessage();
    assertTrue(m.contains("dev.sluice.runtime.PipelineException: pipeline Faulty, node 'check', item 7777"), m);
    assertTrue(m.contains("item 7777 is refused by the test"), m);
    assertTrue(m.contains("failed 3 times"), "Spark retried the task: " + m);
  }

  /**
   * An RDD whose iterator throws within a later batch: the pipeline's message counts within the run,
   * and the adapter adds the place in the partition (outside-in helper-114: "failed before giving its
   * first array" read as a failure at the partition's start); the iterator's exception stays the cause.
   */
  @Test
  void anInputThatThrowsIsPlacedInThePartition() {
    org.apache.spark.api.java.JavaRDD<Integer> throwing = sc.parallelize(IntStream.range(0, 3_000).boxed().toList(), 1)
        .mapPartitions(FaultsTest::throwingAt1500);
    SluiceRun<Integer, Void> run = faulty(-1).batchItems(500).mapPartitions(throwing, r -> boxed(r.passed()));
    SparkException e = assertThrows(SparkException.class, () -> run.items().collect());
    assertTrue(e.getMessage().contains("pipeline Faulty, node 'numbers': the input iterator failed before giving its first"
        + " array: IllegalStateException: the source broke (the partition's input threw reading its item at position"
        + " 1500)"), e.getMessage());
    // the place is added to what went wrong, not to a second copy of the pipeline's and node's names
    assertEquals(e.getMessage().indexOf("pipeline Faulty, node 'numbers'"),
        e.getMessage().lastIndexOf("pipeline Faulty, node 'numbers'"), e.getMessage());
  }

  /** {@code in}, throwing where item 1,500 would come. */
  static java.util.Iterator<Integer> throwingAt1500(java.util.Iterator<Integer> in) {
    return new java.util.Iterator<>() {
      @Override
      public boolean hasNext() {
        return in.hasNext();
      }

      @Override
      public Integer next() {
        Integer x = in.next();
        if (x == 1_500) {
          throw new IllegalStateException("the source broke");
        }
        return x;
      }
    };
  }

  /** Items each task attempt passed on, by "partition/attempt": local mode runs the tasks in this JVM. */
  static final Map<String, AtomicInteger> PASSED_ON = new ConcurrentHashMap<>();

  /** The run's items, counted for the task attempt that passes them on. */
  static List<Integer> countedPassed(FlakyPipeline.Result r) {
    TaskContext task = TaskContext.get();
    PASSED_ON.computeIfAbsent(task.partitionId() + "/" + task.attemptNumber(), k -> new AtomicInteger())
        .addAndGet(r.passed().length);
    return boxed(r.passed());
  }

  @Test
  void aRetriedTaskGivesEveryItemOnceAndCountsItsPartitionOnce() throws InterruptedException {
    int bad = 6_000; // in partition 2 of 4 (items 5,000 to 7,499), in its sixth batch of 200
    PASSED_ON.clear();
    FailedTasks failed = new FailedTasks();
    sc.sc().addSparkListener(failed);
    List<Integer> out;
    SluiceRun<Integer, Void> run;
    try {
      run = SluiceSpark.ofInts(sc, slot -> FlakyPipeline.builder()
              .check(() -> new FailOnce(bad)).device(slot.device()).instances(slot.instances()).build())
          .runChunks(FlakyPipeline::runChunks)
          .batchItems(200)
          .mapPartitions(numbers(), FaultsTest::countedPassed);
      out = new ArrayList<>(run.items().collect());
      failed.await(1);
    } finally {
      sc.sc().removeSparkListener(failed);
    }
    // partition 2's first attempt failed with the pipeline's exception, and Spark ran it again
    assertEquals(1, failed.reasons().size(), "one failed attempt: " + failed.reasons());
    String reason = failed.reasons().get(0);
    assertTrue(reason.startsWith("partition 2, attempt 0: dev.sluice.runtime.PipelineException: pipeline Flaky,"
        + " node 'check', item 6000"), reason);
    // its five batches before the failing one had been passed on, and the retry passed on all 2,500
    assertEquals(1_000, PASSED_ON.get("2/0").get(), "items passed on by the failed attempt: " + PASSED_ON);
    assertEquals(2_500, PASSED_ON.get("2/1").get(), "items passed on by the retry: " + PASSED_ON);
    out.sort(null);
    assertEquals(IntStream.range(0, N).boxed().toList(), out, "every item once, none lost, none twice");
    assertEquals(1, run.retriedPartitions(), "partition 2's first attempt failed, its retry counted");
    assertEquals(4, run.partitions());
    assertEquals(N, run.report().inputItems(), "the failed attempt's runs are not in the report");
    assertEquals(N, run.report().sink("passed").items());
    assertEquals(4 * 13, run.pipelineRuns(), "2,500 items a partition in batches of 200");
  }

  /**
   * A factory that builds without the slot's device runs on the builder's default: the task fails
   * saying so, where the run went on elsewhere than asked (outside-in helper-63: a job named OpenCL
   * and ran on the JVM, and the executor's log said OpenCL).
   */
  @Test
  void aFactoryThatIgnoresTheSlotsDeviceFailsTheTaskSayingSo() {
    SluiceSpark<Integer, FaultyPipeline.Result> ignoring = SluiceSpark.ofInts(sc,
            slot -> FaultyPipeline.builder().check(() -> new Check(-1)).build())
        .runChunks(FaultyPipeline::runChunks).device("cpu:scheduled");
    SparkException e = assertThrows(SparkException.class,
        () -> ignoring.mapPartitions(numbers(), r -> boxed(r.passed())).items().count());
    String m = e.getMessage();
    assertTrue(m.contains("the pipeline object ran on " + Device.cpu().name() + ", but this task's device is "
        + Device.cpuScheduled().name() + " (cpu:scheduled): the pipeline factory must give the slot to the builder"), m);
    // given the slot, the same job runs
    SluiceSpark<Integer, FaultyPipeline.Result> given = faulty(-1).device("cpu:scheduled");
    assertEquals(N, given.mapPartitions(numbers(), r -> boxed(r.passed())).items().count());
  }

  @Test
  void aPipelineThatCannotRunOnTheOpenClDeviceFailsWithTheReasonOrSaysItRanOnTheCpu() {
    OpenClAvailable.devices();
    SluiceSpark<Integer, FaultyPipeline.Result> onOpenCl = faulty(-1).device("opencl");
    SparkException e = assertThrows(SparkException.class,
        () -> onOpenCl.mapPartitions(numbers(), r -> boxed(r.passed())).items().count());
    assertTrue(e.getMessage().contains("@Pipeline(gpu = false) keeps it on the CPU back end"), e.getMessage());

    SluiceRun<Integer, Void> fallback = onOpenCl.cpuFallback(true).mapPartitions(numbers(), r -> boxed(r.passed()));
    assertEquals(N, fallback.items().count());
    String device = fallback.report().device();
    assertTrue(device.startsWith("JVM") && device.contains("instead of OpenCL") && device.contains("gpu = false"),
        device);
    assertFalse(device.contains(";"), "one device for every task: " + device);
    // spark.task.cpus is 1 here: the CPU back end the task gave way to runs one instance, not one per core
    assertEquals(1, fallback.report().instances(), fallback.report().toString());
  }
}
