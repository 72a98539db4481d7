package dev.sluice.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.RunReport;
import dev.sluice.spark.pipelines.Check;
import dev.sluice.spark.pipelines.FaultyPipeline;
import dev.sluice.spark.pipelines.GainsPipeline;
import dev.sluice.spark.pipelines.GainsReference;
import dev.sluice.spark.pipelines.Reading;
import dev.sluice.spark.pipelines.Scale;
import dev.sluice.spark.pipelines.Scaled;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The adapter in {@code local[2]}: sink items, reductions and summed reports over RDDs and Datasets
 * equal the plain-Java reference, partitions are streamed in several pipeline runs each, and one
 * pipeline object serves all tasks of the JVM.
 */
class LocalAdapterTest {
  static final int SENSORS = 6;
  static final int N = 50_000;
  static final float[] GAINS = GainsReference.gains(SENSORS);
  static final List<Reading> INPUT = GainsReference.readings(N, SENSORS, 17);

  static JavaSparkContext sc;

  @BeforeAll
  static void start() {
    sc = SparkTests.local("local[2]", "LocalAdapterTest");
  }

  @AfterAll
  static void stop() {
    if (sc != null) {
      sc.stop();
    }
  }

  /** The test pipeline on the CPU back end with the slot's instances; the gains travel in the broadcast factory. */
  static SluiceSpark<Reading, GainsPipeline.Result> gains(JavaSparkContext sc) {
    float[] g = GAINS;
    return SluiceSpark.of(sc, Reading.class, slot -> GainsPipeline.builder().scale(() -> new Scale(g))
            .device(slot.device()).instances(slot.instances()).build())
        .runChunks(GainsPipeline::runChunks);
  }

  static final Comparator<Scaled> ORDER = Comparator.comparingInt(Scaled::sensor).thenComparing(Scaled::value,
      Float::compare);

  static void assertSameScaled(List<Scaled> expected, List<Scaled> actual) {
    List<Scaled> e = new ArrayList<>(expected);
    List<Scaled> a = new ArrayList<>(actual);
    e.sort(ORDER);
    a.sort(ORDER);
    assertEquals(e.size(), a.size(), "items");
    assertEquals(e, a);
  }

  @Test
  void anRddGivesTheReferenceItemsReductionsAndOneSummedReport() {
    JavaRDD<Reading> input = sc.parallelize(INPUT, 4);
    SluiceRun<Scaled, float[]> run = gains(sc).batchItems(3_000).chunkItems(500).mapPartitions(input,
        GainsPipeline.Result::scaled,
        Reduction.of(r -> new float[] {r.scaleKept(), r.scaleLargest()}, (a, b) -> new float[] {a[0] + b[0],
            Math.max(a[1], b[1])}));
    assertThrows(IllegalStateException.class, run::report, "no report before an action");

    List<Scaled> out = run.items().collect();
    assertSameScaled(GainsReference.scaled(INPUT, GAINS), out);
    float[] reduced = run.reduction().orElseThrow();
    assertEquals(GainsReference.kept(INPUT), (int) reduced[0]);
    assertEquals(GainsReference.largest(INPUT, GAINS), reduced[1]);

    RunReport report = run.report();
    assertEquals(N, report.inputItems());
    assertEquals(out.size(), report.sink("scaled").items());
    assertEquals(out.size(), report.stage("scale").itemsOut());
    assertEquals(4, run.partitions());
    // 12,500 items a partition in batches of at most 3,000: five runs each
    assertEquals(4 * 5, run.pipelineRuns());
    assertEquals(1, run.pipelineObjects().size(), "one pipeline object in this JVM: " + run.pipelineObjects());
    assertTrue(report.device().startsWith("JVM"), report.device());
    assertEquals(1, report.instances(), "local[2] gives a task one CPU, so one instance a run");

    // a second action runs the partitions again; each still counts once
    assertEquals(out.size(), run.items().count());
    assertEquals(N, run.report().inputItems());
    assertEquals(GainsReference.kept(INPUT), (int) run.reduction().orElseThrow()[0]);
  }

  @Test
  void aCoalescedOrUnitedOutputCountsEachInputPartitionOnce() {
    // outside-in: outcomes were kept by the task's partition, so coalesce(1) reported one of four
    JavaRDD<Reading> input = sc.parallelize(INPUT, 4);
    SluiceRun<Scaled, Integer> run = gains(sc).mapPartitions(input, GainsPipeline.Result::scaled,
        Reduction.of(GainsPipeline.Result::scaleKept, Integer::sum));
    long items = run.items().coalesce(1).count();
    assertEquals(GainsReference.scaled(INPUT, GAINS).size(), items);
    assertEquals(N, run.report().inputItems());
    assertEquals(GainsReference.kept(INPUT), run.reduction().orElseThrow());
    assertEquals(2 * items, run.items().union(run.items()).count());
    assertEquals(N, run.report().inputItems(), "a partition computed twice in one job counts once");
  }

  @Test
  void anInputWithNoItemsHasNoReportToRead() {
    SluiceRun<Scaled, Integer> run = gains(sc).mapPartitions(sc.parallelize(List.<Reading>of(), 2),
        GainsPipeline.Result::scaled, Reduction.of(GainsPipeline.Result::scaleKept, Integer::sum));
    assertEquals(0, run.items().count());
    assertTrue(run.ranReport().isEmpty());
    assertThrows(IllegalStateException.class, run::report);
  }

  /** Input items read so far, by partition: local mode runs the tasks in this JVM. */
  static final Map<Integer, AtomicInteger> READ = new ConcurrentHashMap<>();

  /** This task's partition, counting in {@link #READ} the items taken from it. */
  static Iterator<Reading> counted(Iterator<Reading> in) {
    AtomicInteger read = READ.computeIfAbsent(TaskContext.getPartitionId(), p -> new AtomicInteger());
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return in.hasNext();
      }

      @Override
      public Reading next() {
        read.incrementAndGet();
        return in.next();
      }
    };
  }

  @Test
  void aPartitionIsReadOneBatchAtATimeNotWhole() {
    READ.clear();
    JavaRDD<Reading> input = sc.parallelize(INPUT, 4).mapPartitions(LocalAdapterTest::counted);
    // one output item per pipeline run; the next step of the same task replaces it, as it reads it, by
    // how much of the partition's input had been read by then
    SluiceRun<Integer, Void> run = gains(sc).batchItems(3_000).chunkItems(500)
        .mapPartitions(input, r -> List.of(r.scaled().size()));
    List<List<Integer>> seen = run.items().map(x -> READ.get(TaskContext.getPartitionId()).get()).glom().collect();
    // 12,500 items a partition: the first run's items are passed on when 3,000 have been read, not 12,500
    assertEquals(Collections.nCopies(4, List.of(3_000, 6_000, 9_000, 12_000, 12_500)), seen);
    assertEquals(4 * 5, run.pipelineRuns());
  }

  @Test
  void theSameFactoryIsReusedAcrossJobsWithoutRebuilding() {
    SluiceSpark<Reading, GainsPipeline.Result> g = gains(sc);
    JavaRDD<Reading> input = sc.parallelize(INPUT.subList(0, 10_000), 5);
    SluiceRun<Scaled, Void> first = g.mapPartitions(input, GainsPipeline.Result::scaled);
    first.items().count();
    SluiceRun<Scaled, Void> second = g.chunkItems(77).mapPartitions(input, GainsPipeline.Result::scaled);
    second.items().count();
    assertEquals(first.pipelineObjects(), second.pipelineObjects(), "both jobs use the one pipeline object");
    assertEquals(1, first.pipelineObjects().size());
    assertEquals(first.report().sink("scaled").items(), second.report().sink("scaled").items());
  }

  /**
   * A recipe's factory is read once per JVM, and the pipeline objects built from it for two devices
   * share what it captures (review helper-131: it was read once per pipeline object). In local mode
   * the driver is the executor: one reading when {@code SluiceSpark.of} checks the bytes, one for the
   * recipe.
   */
  @Test
  void aRecipesFactoryIsReadOncePerJvmWhateverTheDevices() {
    dev.sluice.spark.pipelines.Arrivals probe = new dev.sluice.spark.pipelines.Arrivals(
        "local-factory-" + java.util.UUID.randomUUID());
    float[] g = GAINS;
    SluiceSpark<Reading, GainsPipeline.Result> s = SluiceSpark.of(sc, Reading.class, slot -> {
          // captured, so that it travels with the factory and counts its readings
          assertTrue(probe.count() > 0);
          return GainsPipeline.builder().scale(() -> new Scale(g)).device(slot.device()).instances(slot.instances())
              .build();
        })
        .runChunks(GainsPipeline::runChunks);
    assertEquals(1, probe.count(), "read back once where it was given");
    JavaRDD<Reading> input = sc.parallelize(INPUT.subList(0, 2_000), 2);
    SluiceRun<Scaled, Void> cpu = s.device("cpu").mapPartitions(input, GainsPipeline.Result::scaled);
    cpu.items().count();
    SluiceRun<Scaled, Void> scheduled = s.device("cpu:scheduled").mapPartitions(input, GainsPipeline.Result::scaled);
    scheduled.items().count();
    assertTrue(java.util.Collections.disjoint(cpu.pipelineObjects(), scheduled.pipelineObjects()),
        "a pipeline object per device: " + cpu.pipelineObjects() + " " + scheduled.pipelineObjects());
    assertEquals(2, probe.count(), "and once more for the recipe in this JVM, for both devices");
  }

  @Test
  void theFactorysDataTravelsInTheBroadcastNotWithEachTask() throws Exception {
    float[] large = new float[1 << 20]; // 4 MiB of @Param data captured by the factory
    java.util.Arrays.fill(large, 2f);
    SluiceSpark<Reading, GainsPipeline.Result> g = SluiceSpark.of(sc, Reading.class,
            slot -> GainsPipeline.builder().scale(() -> new Scale(large)).device(slot.device())
                .instances(slot.instances()).build())
        .runChunks(GainsPipeline::runChunks);
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
      out.writeObject(g); // what a task's closure holds of it
    }
    assertTrue(bytes.size() < 16_384, "a task carries the broadcast's handle, not the data: " + bytes.size() + " bytes");
    List<Reading> in = List.of(new Reading(3, 1.5f), new Reading(0, -1f));
    assertEquals(List.of(new Scaled(3, 3f)), g.mapPartitions(sc.parallelize(in, 1), GainsPipeline.Result::scaled)
        .items().collect());
  }

  @Test
  void aDatasetOfRecordsAndOneOfColumns() {
    SparkSession spark = SparkSession.builder().sparkContext(sc.sc()).getOrCreate();
    List<Reading> part = INPUT.subList(0, 5_000);
    List<Scaled> expected = GainsReference.scaled(part, GAINS);

    Dataset<Reading> records = spark.createDataset(part, Encoders.javaSerialization(Reading.class));
    SluiceRun<Scaled, Void> run = gains(sc).batchItems(1_000).mapPartitions(records, GainsPipeline.Result::scaled,
        Encoders.javaSerialization(Scaled.class));
    assertSameScaled(expected, run.dataset().collectAsList());
    assertEquals(part.size(), run.report().inputItems());

    StructType schema = new StructType().add("sensor", DataTypes.IntegerType).add("value", DataTypes.FloatType);
    List<Row> rows = new ArrayList<>();
    for (Reading r : part) {
      rows.add(RowFactory.create(r.sensor(), r.value()));
    }
    Dataset<Row> table = spark.createDataFrame(rows, schema);
    float[] g = GAINS;
    SluiceSpark<Row, GainsPipeline.Result> byColumns = SluiceSpark.ofRows(spark,
            slot -> GainsPipeline.builder().scale(() -> new Scale(g)).device(slot.device())
                .instances(slot.instances()).build())
        .runColumns((p, c) -> p.runColumns(c.ints("sensor"), c.floats("value")));
    SluiceRun<Scaled, Integer> columns = byColumns.batchItems(1_000).mapPartitions(table, GainsPipeline.Result::scaled,
        Encoders.javaSerialization(Scaled.class), Reduction.of(GainsPipeline.Result::scaleKept, Integer::sum));
    assertSameScaled(expected, columns.dataset().collectAsList());
    assertEquals(GainsReference.kept(part), columns.reduction().orElseThrow());
    assertTrue(columns.pipelineRuns() >= 5, "5,000 rows in batches of at most 1,000: " + columns.pipelineRuns() + " runs");
  }

  /** A primitive source is set up from a SparkSession as a record source is (outside-in helper-137). */
  @Test
  void aPrimitiveSourceFromASparkSession() {
    SparkSession spark = SparkSession.builder().sparkContext(sc.sc()).getOrCreate();
    List<Integer> in = java.util.stream.IntStream.range(0, 3_000).boxed().toList();
    Dataset<Integer> numbers = spark.createDataset(in, Encoders.INT()).repartition(3);
    SluiceRun<Integer, Void> run = SluiceSpark.ofInts(spark, slot -> FaultyPipeline.builder()
            .check(() -> new Check(-1)).device(slot.device()).build())
        .runChunks(FaultyPipeline::runChunks)
        .mapPartitions(numbers, r -> FaultsTest.boxed(r.passed()), Encoders.INT());
    List<Integer> out = new ArrayList<>(run.dataset().collectAsList());
    Collections.sort(out);
    assertEquals(in, out);
    assertEquals(3, run.partitions());
  }

  /**
   * A Dataset run's partitions are counted once however its output is read: a union of the output with
   * itself, or with another Dataset after a first action, counted them twice (outside-in helper-31).
   */
  @Test
  void aDatasetRunIsCountedOnceThroughAUnionOfItsOutput() {
    SparkSession spark = SparkSession.builder().sparkContext(sc.sc()).getOrCreate();
    List<Reading> part = INPUT.subList(0, 4_000);
    Dataset<Reading> records = spark.createDataset(part, Encoders.javaSerialization(Reading.class)).repartition(4);
    SluiceRun<Scaled, Integer> run = gains(sc).batchItems(500).mapPartitions(records, GainsPipeline.Result::scaled,
        Encoders.javaSerialization(Scaled.class), Reduction.of(GainsPipeline.Result::scaleKept, Integer::sum));
    long items = GainsReference.scaled(part, GAINS).size();
    assertEquals(2 * items, run.dataset().union(run.dataset()).count());
    assertEquals(part.size(), run.report().inputItems());
    assertEquals(4, run.partitions());
    assertEquals(GainsReference.kept(part), run.reduction().orElseThrow());
    assertEquals(items, run.dataset().coalesce(1).count());
    assertEquals(2 * items, run.items().union(run.items()).count());
    assertEquals(part.size(), run.report().inputItems());
    assertEquals(GainsReference.kept(part), run.reduction().orElseThrow());
  }

  /** A streaming Dataset has no RDD to run over: refused where it is given, with what to do instead. */
  @Test
  void aStreamingDatasetIsRefusedWithTheWayToRunIt() {
    SparkSession spark = SparkSession.builder().sparkContext(sc.sc()).getOrCreate();
    Dataset<Row> stream = spark.readStream().format("rate").load();
    float[] g = GAINS;
    SluiceSpark<Row, GainsPipeline.Result> byColumns = SluiceSpark.ofRows(spark,
            slot -> GainsPipeline.builder().scale(() -> new Scale(g)).device(slot.device()).build())
        .runColumns((p, c) -> p.runColumns(c.ints("value"), c.floats("value")));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> byColumns.mapPartitions(stream, GainsPipeline.Result::scaled, Encoders.javaSerialization(Scaled.class)));
    assertTrue(e.getMessage().startsWith("a streaming Dataset has no RDD to run over"), e.getMessage());
  }

  @Test
  void aMissingColumnIsNamed() {
    SparkSession spark = SparkSession.builder().sparkContext(sc.sc()).getOrCreate();
    StructType schema = new StructType().add("sensor", DataTypes.IntegerType).add("reading", DataTypes.FloatType);
    Dataset<Row> table = spark.createDataFrame(List.of(RowFactory.create(1, 2f)), schema);
    float[] g = GAINS;
    SluiceRun<Scaled, Void> run = SluiceSpark.ofRows(spark,
            slot -> GainsPipeline.builder().scale(() -> new Scale(g)).device(slot.device()).build())
        .runColumns((p, c) -> p.runColumns(c.ints("sensor"), c.floats("value")))
        .mapPartitions(table, GainsPipeline.Result::scaled, Encoders.javaSerialization(Scaled.class));
    Exception e = assertThrows(Exception.class, () -> run.dataset().collectAsList());
    assertTrue(String.valueOf(e.getMessage()).contains("no column 'value' in rows with columns sensor, reading"),
        e.getMessage());
  }

  @Test
  void aReductionWithoutSinkItems() {
    JavaRDD<Reading> input = sc.parallelize(INPUT, 3);
    SluiceRun<Object, Integer> run = gains(sc).reduce(input, Reduction.of(GainsPipeline.Result::scaleKept,
        Integer::sum));
    assertEquals(GainsReference.kept(INPUT), run.reduction().orElseThrow());
    assertEquals(N, run.report().inputItems());
  }

  /** Something a reduction may capture or make by mistake: a cache, a connection. */
  static final class Tally {
    int kept;
  }

  @Test
  void aReductionOrSinkReaderThatCannotTravelIsRefusedWhereItIsGiven() {
    JavaRDD<Reading> input = sc.parallelize(INPUT, 3);
    Tally captured = new Tally();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> gains(sc).mapPartitions(input,
        GainsPipeline.Result::scaled, Reduction.of(r -> r.scaleKept() + captured.kept, Integer::sum)));
    assertTrue(e.getMessage().startsWith("the Reduction must be serializable")
        && e.getMessage().contains("LocalAdapterTest$Tally"), e.getMessage());
    IllegalArgumentException s = assertThrows(IllegalArgumentException.class,
        () -> gains(sc).mapPartitions(input, r -> { captured.kept++; return r.scaled(); }));
    assertTrue(s.getMessage().startsWith("the sink reader must be serializable")
        && s.getMessage().contains("LocalAdapterTest$Tally"), s.getMessage());
  }

  @Test
  void aReductionValueThatCannotTravelFailsTheTaskNamingIt() {
    JavaRDD<Reading> input = sc.parallelize(INPUT, 3);
    Reduction<GainsPipeline.Result, Tally> tally = Reduction.of(r -> new Tally(), (a, b) -> a);
    Exception e = assertThrows(Exception.class, () -> gains(sc).reduce(input, tally));
    assertTrue(String.valueOf(e.getMessage()).contains("the reduction's value, a dev.sluice.spark.LocalAdapterTest$Tally,"
        + " is not serializable"), e.getMessage());
    // a serializable value holding one that is not (review: an instanceof test let it through)
    Reduction<GainsPipeline.Result, List<Tally>> held = Reduction.of(r -> List.of(new Tally()), (a, b) -> a);
    Exception inside = assertThrows(Exception.class, () -> gains(sc).reduce(input, held));
    assertTrue(String.valueOf(inside.getMessage()).contains("is not serializable (java.io.NotSerializableException:"
        + " dev.sluice.spark.LocalAdapterTest$Tally)"), inside.getMessage());
  }
}
