package dev.sluice.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.RunReport;
import dev.sluice.runtime.testing.OpenClAvailable;
import dev.sluice.spark.pipelines.GainsPipeline;
import dev.sluice.spark.pipelines.GainsReference;
import dev.sluice.spark.pipelines.Reading;
import dev.sluice.spark.pipelines.Scaled;
import dev.sluice.spark.pipelines.Check;
import dev.sluice.spark.pipelines.FaultyPipeline;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.TaskContext;
import java.util.concurrent.TimeUnit;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * A real standalone cluster on loopback, a master and two workers in child JVMs, each worker with one
 * core and one (pretended) GPU at address 0: the broadcast factory, the pipeline objects (one per
 * executor JVM, reused by its tasks), the GPU address mapped to OpenCL device 0 (PoCL here) and the
 * summed report all cross JVMs.
 */
// the speculative test goes last: Spark does not interrupt the killed original attempt, which
// keeps its executor's GPU slot for the rest of its 30 s stall, so a test after it would find one
// executor free and see all its partitions run there
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StandaloneClusterTest {
  static LoopbackCluster cluster;
  static JavaSparkContext sc;

  @BeforeAll
  static void start() throws Exception {
    if (SparkTests.whyNoCluster() != null) {
      return; // each test skips, with the reason
    }
    cluster = LoopbackCluster.start(2);
    SparkConf conf = new SparkConf().setMaster(cluster.masterUrl()).setAppName("StandaloneClusterTest")
        .set("spark.ui.enabled", "false")
        .set("spark.driver.host", "127.0.0.1")
        .set("spark.driver.bindAddress", "127.0.0.1")
        .set("spark.executor.memory", "512m")
        .set("spark.executor.extraClassPath", LoopbackCluster.classPath())
        .set("spark.executorEnv.POCL_SIGFPE_HANDLER", "0")
        .set("spark.executor.resource.gpu.amount", "1")
        .set("spark.task.resource.gpu.amount", "1")
        // a task that runs far longer than its stage's others gets a copy on the other executor; not
        // before 15 s, though: an executor's first task builds the OpenCL kernel, which on a loaded
        // machine takes seconds, and a copy of that task on the executor that built first would win
        // and leave the slow executor with no partition (eachExecutor... would fail)
        .set("spark.speculation", "true")
        .set("spark.speculation.interval", "100ms")
        .set("spark.speculation.quantile", "0.5")
        .set("spark.speculation.multiplier", "2")
        .set("spark.speculation.minTaskRuntime", "15s");
    sc = new JavaSparkContext(conf);
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    // the driver's block manager and one per executor
    while (sc.sc().getExecutorMemoryStatus().size() < 3) {
      if (System.nanoTime() > until) {
        throw new IllegalStateException("two executors did not register within 90 s\n" + cluster.logs());
      }
      Thread.sleep(250);
    }
  }

  @BeforeEach
  void sparkRuns() {
    SparkTests.assumeClusterRuns();
  }

  @AfterAll
  static void stop() {
    if (sc != null) {
      sc.stop();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  /**
   * Partition 0's first attempt stalls at its third batch, two having gone out; Spark starts a speculative
   * copy on the other executor, takes the copy's output and kills the original. Every item comes
   * back once, and the report counts partition 0 once, from the copy.
   */
  @Test
  @Order(2)
  void aSpeculativeCopyNeitherDuplicatesNorLosesItems() {
    int n = 8_000;
    SluiceRun<Integer, Void> run = SluiceSpark.ofInts(sc, slot -> FaultyPipeline.builder()
            .check(() -> new Check(-1)).device(slot.device()).instances(slot.instances()).build())
        .runChunks(FaultyPipeline::runChunks)
        .device("cpu")
        .batchItems(500)
        .mapPartitions(sc.parallelize(IntStream.range(0, n).boxed().toList(), 4), StandaloneClusterTest::stallFirstAttempt);
    List<Integer> out = new ArrayList<>(run.items().collect());
    out.sort(null);
    assertEquals(IntStream.range(0, n).boxed().toList(), out, "every item once");
    assertEquals(1, run.retriedPartitions(), "partition 0 counted from its speculative copy (attempt 1)");
    assertEquals(4, run.partitions());
    assertEquals(n, run.report().inputItems());
  }

  /** The run's items; partition 0's first attempt stops for 30 s before giving those of its third batch. */
  static List<Integer> stallFirstAttempt(FaultyPipeline.Result r) {
    TaskContext task = TaskContext.get();
    if (task.partitionId() == 0 && task.attemptNumber() == 0 && IntStream.of(r.passed()).anyMatch(x -> x == 1_000)) {
      try {
        Thread.sleep(30_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("killed: the speculative copy won", e);
      }
    }
    return IntStream.of(r.passed()).boxed().toList();
  }

  @Test
  @Order(1)
  void eachExecutorBuildsOnePipelineOnTheDeviceOfItsGpuAddress() throws InterruptedException {
    OpenClAvailable.devices();
    // both executors free, else the job's partitions all go to the one that is
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (java.util.Arrays.stream(sc.sc().statusTracker().getExecutorInfos()).anyMatch(e -> e.numRunningTasks() > 0)
        && System.nanoTime() < until) {
      Thread.sleep(250);
    }
    List<Reading> input = GainsReference.readings(40_000, LocalAdapterTest.SENSORS, 5);
    SluiceRun<Scaled, Integer> run = LocalAdapterTest.gains(sc).batchItems(2_000)
        .mapPartitions(sc.parallelize(input, 8), GainsPipeline.Result::scaled,
            Reduction.of(GainsPipeline.Result::scaleKept, Integer::sum));
    List<Scaled> out = run.items().collect();
    LocalAdapterTest.assertSameScaled(GainsReference.scaled(input, LocalAdapterTest.GAINS), out);
    assertEquals(GainsReference.kept(input), run.reduction().orElseThrow());
    assertEquals(2, run.executors().size(), "both executors ran partitions: " + run.executors());
    assertEquals(2, run.pipelineObjects().size(), "one pipeline object per executor: " + run.pipelineObjects());
    assertEquals(8, run.partitions());
    RunReport report = run.report();
    assertEquals(input.size(), report.inputItems());
    assertTrue(report.device().startsWith("OpenCL") && !report.device().contains("instead of"),
        "GPU address 0 is OpenCL device 0: " + report.device());
  }
}
