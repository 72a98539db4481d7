package dev.sluice.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.testing.OpenClAvailable;
import dev.sluice.spark.pipelines.Check;
import dev.sluice.spark.pipelines.FailOnce;
import dev.sluice.spark.pipelines.FaultyPipeline;
import dev.sluice.spark.pipelines.FlakyPipeline;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.SparkException;
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
    return SluiceSpark.ofInts(sc, slot -> FaultyPipeline.builder().check(() -> new Check(bad))
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

  @Test
  void aRetriedTaskGivesEveryItemOnceAndCountsItsPartitionOnce() {
    int bad = 6_000; // in partition 2 of 4, after several batches of that partition have gone out
    SluiceRun<Integer, Void> run = SluiceSpark.ofInts(sc, slot -> FlakyPipeline.builder()
            .check(() -> new FailOnce(bad)).device(slot.device()).instances(slot.instances()).build())
        .runChunks(FlakyPipeline::runChunks)
        .batchItems(200)
        .mapPartitions(numbers(), r -> boxed(r.passed()));
    List<Integer> out = new ArrayList<>(run.items().collect());
    out.sort(null);
    assertEquals(IntStream.range(0, N).boxed().toList(), out, "every item once, none lost, none twice");
    assertEquals(1, run.retriedPartitions(), "partition 2's first attempt failed, its retry counted");
    assertEquals(4, run.partitions());
    assertEquals(N, run.report().inputItems(), "the failed attempt's runs are not in the report");
    assertEquals(N, run.report().sink("passed").items());
    assertEquals(4 * 13, run.pipelineRuns(), "2,500 items a partition in batches of 200");
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
  }
}
