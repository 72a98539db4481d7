package dev.sluice.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sluice.runtime.RunReport;
import dev.sluice.runtime.testing.OpenClAvailable;
import dev.sluice.spark.pipelines.Arrivals;
import dev.sluice.spark.pipelines.Check;
import dev.sluice.spark.pipelines.FaultyPipeline;
import dev.sluice.spark.pipelines.GainsPipeline;
import dev.sluice.spark.pipelines.GainsReference;
import dev.sluice.spark.pipelines.Reading;
import dev.sluice.spark.pipelines.Scale;
import dev.sluice.spark.pipelines.Scaled;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkEnv;
import org.apache.spark.SparkException;
import org.apache.spark.TaskContext;
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
 * core and one (pretended) GPU at address 0: the broadcast factory (once per executor, while each task
 * brings its own closure), the pipeline objects (one per executor JVM, reused by its tasks and by a
 * second job), the GPU address mapped to OpenCL device 0 (PoCL here), the summed report, a
 * speculative copy counted once, and a kernel that executors cannot build, reported, all across JVMs.
 */
// the order matters: Spark does not interrupt the original attempt that the speculative copy beat,
// which keeps its executor's GPU slot for the rest of its 30 s stall, so a test after it on the same
// application would find one executor free and see all its partitions run there; the tests after it
// start applications of their own
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
    sc = connect(conf("StandaloneClusterTest")
        // a task that runs far longer than its stage's others gets a copy on the other executor; not
        // before 15 s, though: an executor's first task builds the OpenCL kernel, which on a loaded
        // machine takes seconds, and a copy of that task on the executor that built first would win
        // and leave the slow executor with no partition (eachExecutor... would fail)
        .set("spark.speculation", "true")
        .set("spark.speculation.interval", "100ms")
        .set("spark.speculation.quantile", "0.5")
        .set("spark.speculation.multiplier", "2")
        .set("spark.speculation.minTaskRuntime", "15s"));
  }

  /** An application on the cluster: one executor per worker, each with the worker's GPU address. */
  static SparkConf conf(String app) {
    return new SparkConf().setMaster(cluster.masterUrl()).setAppName(app)
        .set("spark.ui.enabled", "false")
        .set("spark.driver.host", "127.0.0.1")
        .set("spark.driver.bindAddress", "127.0.0.1")
        .set("spark.executor.memory", "512m")
        .set("spark.executor.extraClassPath", LoopbackCluster.classPath())
        .set("spark.executorEnv.POCL_SIGFPE_HANDLER", "0")
        .set("spark.executor.resource.gpu.amount", "1")
        .set("spark.task.resource.gpu.amount", "1");
  }

  /** Starts the application and waits until both executors have registered. */
  static JavaSparkContext connect(SparkConf conf) throws InterruptedException {
    JavaSparkContext context = new JavaSparkContext(conf);
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    // the driver's block manager and one per executor
    while (context.sc().getExecutorMemoryStatus().size() < 3) {
      if (System.nanoTime() > until) {
        context.stop();
        throw new IllegalStateException("two executors did not register within 90 s\n" + cluster.logs());
      }
      Thread.sleep(250);
    }
    return context;
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
    Arrivals factoryArrivals = new Arrivals("factory-" + UUID.randomUUID());
    float[] gains = LocalAdapterTest.GAINS;
    SluiceSpark<Reading, GainsPipeline.Result> g = SluiceSpark.of(sc, Reading.class, slot -> {
          if (factoryArrivals.count() == 0) {
            throw new IllegalStateException("the factory's probe did not arrive by deserialization");
          }
          return GainsPipeline.builder().scale(() -> new Scale(gains)).device(slot.device())
              .instances(slot.instances()).build();
        })
        .runChunks(GainsPipeline::runChunks)
        .batchItems(2_000);
    List<Reading> input = GainsReference.readings(40_000, LocalAdapterTest.SENSORS, 5);
    SluiceRun<Scaled, Integer> run = g.mapPartitions(sc.parallelize(input, 8), GainsPipeline.Result::scaled,
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

    // a second job with the same SluiceSpark: each run's one output item says, on its executor, how
    // often the factory and this job's task closure had arrived there so far
    Arrivals closureArrivals = new Arrivals("closure-" + UUID.randomUUID());
    String factoryId = factoryArrivals.id();
    SluiceRun<String, Void> again = g.mapPartitions(sc.parallelize(input, 8), r -> List.of(
        SparkEnv.get().executorId() + " " + Arrivals.count(factoryId) + " " + closureArrivals.count()));
    Map<String, int[]> most = new TreeMap<>(); // executor: the most factory and closure arrivals seen
    for (String line : again.items().collect()) {
      String[] f = line.split(" ");
      int[] m = most.computeIfAbsent(f[0], k -> new int[2]);
      m[0] = Math.max(m[0], Integer.parseInt(f[1]));
      m[1] = Math.max(m[1], Integer.parseInt(f[2]));
    }
    assertEquals(run.pipelineObjects(), again.pipelineObjects(), "the second job reuses each executor's pipeline");
    most.forEach((executor, m) -> assertEquals(1, m[0],
        "the broadcast factory reached executor " + executor + " once, for all its tasks of both jobs"));
    assertTrue(most.values().stream().mapToInt(m -> m[1]).sum() >= 8,
        "each of the 8 tasks brought its own closure, so the probe does count arrivals per task: " + again.executors());
  }

  /** A value a factory captures whose field is rebuilt on reading, as a cache or a parsed table is. */
  static final class Rebuilt implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    final int base;
    transient int value;

    Rebuilt(int base) {
      this.base = base;
      this.value = base;
    }

    private void readObject(java.io.ObjectInputStream in) throws java.io.IOException, ClassNotFoundException {
      in.defaultReadObject();
      value = base;
    }
  }

  /**
   * An application with {@code spark.serializer} set to Kryo (outside-in helper-127): the factory's
   * broadcast went through Kryo, which refused a captured record at {@code SluiceSpark.of} ("can't get
   * field offset on a record class") and ran no {@code readObject}, so a {@code transient} field it
   * rebuilds read as 0 on the executors. The factory travels Java-serialized whatever the serializer:
   * the refused item is the one the captured values name, -1, which is not in the input.
   */
  @Test
  @Order(3)
  void aFactoryTravelsJavaSerializedUnderKryo() throws InterruptedException {
    sc.stop();
    sc = connect(conf("StandaloneClusterTest-kryo")
        .set("spark.serializer", "org.apache.spark.serializer.KryoSerializer"));
    Rebuilt rebuilt = new Rebuilt(-8);
    Reading reading = new Reading(7, 0f);
    int n = 4_000;
    SluiceRun<Integer, Void> run = SluiceSpark.ofInts(sc, slot -> FaultyPipeline.builder()
            .check(() -> new Check(rebuilt.value + reading.sensor())).device(slot.device()).instances(slot.instances())
            .build())
        .runChunks(FaultyPipeline::runChunks)
        .device("cpu")
        .mapPartitions(sc.parallelize(IntStream.range(0, n).boxed().toList(), 4), r -> IntStream.of(r.passed()).boxed().toList());
    List<Integer> out = new ArrayList<>(run.items().collect());
    out.sort(null);
    assertEquals(IntStream.range(0, n).boxed().toList(), out, "every item passed: the check refuses -1 alone");
  }

  /**
   * An application whose executors lack HotSpot's signal chaining, which Sluice requires before it
   * builds a kernel on PoCL: on each executor the kernel for the task's GPU address is refused, and
   * the task fails with the reason; with {@code cpuFallback} the partitions run on the CPU back end,
   * and the report says why. Last: it replaces the shared application with its own.
   */
  @Test
  @Order(4)
  void aKernelThatCannotBuildOnTheExecutorsDeviceIsReported() throws InterruptedException {
    OpenClAvailable.devices();
    sc.stop();
    sc = connect(conf("StandaloneClusterTest-unchained")
        .set("spark.executorEnv.LD_PRELOAD", "")
        .set("spark.task.maxFailures", "2"));
    List<Reading> input = GainsReference.readings(4_000, LocalAdapterTest.SENSORS, 9);
    SluiceSpark<Reading, GainsPipeline.Result> g = LocalAdapterTest.gains(sc);
    SparkException e = assertThrows(SparkException.class,
        () -> g.mapPartitions(sc.parallelize(input, 4), GainsPipeline.Result::scaled).items().count());
    String m = e.getMessage();
    assertTrue(m.contains("Gains cannot run on OpenCL") && m.contains("was not built for")
        && m.contains("libjsig.so"), m);

    SluiceRun<Scaled, Void> fallback = g.cpuFallback(true).mapPartitions(sc.parallelize(input, 4),
        GainsPipeline.Result::scaled);
    LocalAdapterTest.assertSameScaled(GainsReference.scaled(input, LocalAdapterTest.GAINS),
        fallback.items().collect());
    String device = fallback.report().device();
    assertTrue(device.startsWith("JVM") && device.contains("instead of OpenCL") && device.contains("libjsig.so"),
        device);
  }
}
