package dev.sluice.spark;

import dev.sluice.runtime.Device;
import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoder;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A generated Sluice pipeline as a Spark transformation: each partition of an RDD or Dataset of the
 * pipeline's source items streams through the executor's pipeline object in batches, and the items of
 * one sink come back as an RDD or Dataset.
 *
 * <pre>
 * SluiceSpark&lt;Chunk, BlastPipeline.Result&gt; blast = SluiceSpark
 *     .of(sc, Chunk.class, slot -&gt; BlastPipeline.builder().lookup(...).extend(...)
 *         .device(slot.device()).instances(slot.instances()).build())
 *     .runChunks(BlastPipeline::runChunks);
 * SluiceRun&lt;Hit, Void&gt; run = blast.mapPartitions(chunks, BlastPipeline.Result::hits);
 * List&lt;Hit&gt; hits = run.items().collect();
 * RunReport report = run.report();          // summed over the partitions, after an action
 * </pre>
 *
 * <p>The factory is broadcast when the {@code SluiceSpark} is made, Java-serialized whatever {@code
 * spark.serializer} is: it travels once per executor with everything it captures, and each executor JVM builds one pipeline object per device from it, reused
 * by all its tasks. A {@code SluiceSpark} is immutable and serializable; see {@code docs/spark.md}.
 *
 * @param <T> the source item type (boxed for a primitive source, {@link Row} for columns)
 * @param <R> the generated {@code Result}
 */
public final class SluiceSpark<T, R> implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Source items in one pipeline run: a partition is run in batches of at most this many items. */
  public static final int DEFAULT_BATCH = 1 << 18;

  /** Source items in one array handed to {@code runChunks}. */
  public static final int DEFAULT_CHUNK = 1 << 14;

  private final Recipe<?, T, R> recipe;

  private SluiceSpark(Recipe<?, T, R> recipe) {
    this.recipe = recipe;
  }

  /** A pipeline whose source items are objects (records) of {@code itemType}. */
  public static <T, P> WithPipeline<T, T[], P> of(JavaSparkContext sc, Class<T> itemType, PipelineFactory<P> factory) {
    return new WithPipeline<>(broadcast(sc, factory), Packing.objects(itemType));
  }

  /** The same, from a {@link SparkSession}. */
  public static <T, P> WithPipeline<T, T[], P> of(SparkSession spark, Class<T> itemType, PipelineFactory<P> factory) {
    return of(context(spark), itemType, factory);
  }

  /** A pipeline with an {@code int} source, over an RDD or Dataset of {@link Integer}. */
  public static <P> WithPipeline<Integer, int[], P> ofInts(JavaSparkContext sc, PipelineFactory<P> factory) {
    return new WithPipeline<>(broadcast(sc, factory), Packing.ints());
  }

  /** The same, from a {@link SparkSession}. */
  public static <P> WithPipeline<Integer, int[], P> ofInts(SparkSession spark, PipelineFactory<P> factory) {
    return ofInts(context(spark), factory);
  }

  /** A pipeline with a {@code long} source. */
  public static <P> WithPipeline<Long, long[], P> ofLongs(JavaSparkContext sc, PipelineFactory<P> factory) {
    return new WithPipeline<>(broadcast(sc, factory), Packing.longs());
  }

  /** The same, from a {@link SparkSession}. */
  public static <P> WithPipeline<Long, long[], P> ofLongs(SparkSession spark, PipelineFactory<P> factory) {
    return ofLongs(context(spark), factory);
  }

  /** A pipeline with a {@code float} source. */
  public static <P> WithPipeline<Float, float[], P> ofFloats(JavaSparkContext sc, PipelineFactory<P> factory) {
    return new WithPipeline<>(broadcast(sc, factory), Packing.floats());
  }

  /** The same, from a {@link SparkSession}. */
  public static <P> WithPipeline<Float, float[], P> ofFloats(SparkSession spark, PipelineFactory<P> factory) {
    return ofFloats(context(spark), factory);
  }

  /** A pipeline with a {@code double} source. */
  public static <P> WithPipeline<Double, double[], P> ofDoubles(JavaSparkContext sc, PipelineFactory<P> factory) {
    return new WithPipeline<>(broadcast(sc, factory), Packing.doubles());
  }

  /** The same, from a {@link SparkSession}. */
  public static <P> WithPipeline<Double, double[], P> ofDoubles(SparkSession spark, PipelineFactory<P> factory) {
    return ofDoubles(context(spark), factory);
  }

  /** A pipeline with a record source fed from the columns of a {@code Dataset<Row>}, batch by batch. */
  public static <P> WithColumns<P> ofRows(SparkSession spark, PipelineFactory<P> factory) {
    // columns are named as the session's SQL names them (spark.sql.caseSensitive, false by default)
    JavaSparkContext sc = context(spark);
    boolean caseSensitive = Boolean.parseBoolean(spark.conf().get("spark.sql.caseSensitive", "false"));
    return new WithColumns<>(broadcast(sc, factory), caseSensitive);
  }

  private static JavaSparkContext context(SparkSession spark) {
    return JavaSparkContext.fromSparkContext(Objects.requireNonNull(spark, "spark").sparkContext());
  }

  /**
   * The factory broadcast as its Java-serialized bytes ({@link JavaForm}), written now: a factory that
   * captures something that cannot travel (a connection, a node object) fails here, in the caller's
   * words, not as Spark's checked {@code NotSerializableException} thrown through a method that declares
   * none; and the executors, local mode's included, read it as it is now, not as a captured array the
   * caller changes afterwards (outside-in helper-31: local mode handed tasks the driver's own object).
   */
  private static Broadcast<byte[]> broadcast(JavaSparkContext sc, PipelineFactory<?> factory) {
    Objects.requireNonNull(sc, "sc");
    Objects.requireNonNull(factory, "factory");
    return sc.broadcast(JavaForm.of(factory));
  }

  /** Checks that the sink reader and the reduction, which travel with every task, can. */
  private static void travels(SinkItems<?, ?> sink, Reduction<?, ?> reduction) {
    JavaForm.check(sink, "the sink reader", "it runs in every task",
        "a method reference such as FooPipeline.Result::out, or a lambda that captures only serializable values");
    if (reduction != null) {
      JavaForm.check(reduction, "the Reduction", "its read and combine run in every task",
          "method references such as Integer::sum, or lambdas that capture only serializable values");
    }
  }

  /** A pipeline factory, broadcast, waiting for how to run it over arrays of items. */
  public static final class WithPipeline<T, C, P> {
    private final Broadcast<byte[]> factory;
    private final Packing<T, C> packing;

    private WithPipeline(Broadcast<byte[]> factory, Packing<T, C> packing) {
      this.factory = factory;
      this.packing = packing;
    }

    /** Runs each batch with {@code runner}, normally the generated {@code runChunks}: {@code FooPipeline::runChunks}. */
    public <R> SluiceSpark<T, R> runChunks(ChunkRunner<P, C, R> runner) {
      Objects.requireNonNull(runner, "runner");
      return new SluiceSpark<>(new Recipe<>(UUID.randomUUID().toString(), factory, Batches.chunked(packing, runner),
          DEFAULT_BATCH, DEFAULT_CHUNK, null, false));
    }
  }

  /** A pipeline factory, broadcast, waiting for how to run it over columns. */
  public static final class WithColumns<P> {
    private final Broadcast<byte[]> factory;
    private final boolean caseSensitive;

    private WithColumns(Broadcast<byte[]> factory, boolean caseSensitive) {
      this.factory = factory;
      this.caseSensitive = caseSensitive;
    }

    /** Runs each batch of rows with {@code runner}: {@code (p, c) -> p.runColumns(c.ints("a"), c.floats("b"))}. */
    public <R> SluiceSpark<Row, R> runColumns(ColumnRunner<P, R> runner) {
      Objects.requireNonNull(runner, "runner");
      return new SluiceSpark<>(new Recipe<>(UUID.randomUUID().toString(), factory, Batches.columns(runner, caseSensitive),
          DEFAULT_BATCH, DEFAULT_CHUNK, null, false));
    }
  }

  /**
   * Runs at most {@code items} source items per pipeline run ({@link #DEFAULT_BATCH}): the output of one
   * run is held in memory until the task has passed it on.
   */
  public SluiceSpark<T, R> batchItems(int items) {
    check(items >= 1, "batchItems must be at least 1, not " + items);
    return new SluiceSpark<>(recipe.with(items, recipe.chunk(), recipe.device(), recipe.cpuFallback()));
  }

  /** Cuts a batch into arrays of at most {@code items} for {@code runChunks} ({@link #DEFAULT_CHUNK}). */
  public SluiceSpark<T, R> chunkItems(int items) {
    check(items >= 1, "chunkItems must be at least 1, not " + items);
    return new SluiceSpark<>(recipe.with(recipe.batch(), items, recipe.device(), recipe.cpuFallback()));
  }

  /**
   * Runs every task on the device {@code spec} ({@code cpu}, {@code opencl}, {@code gpu},
   * {@code opencl:N}) instead of the one Spark's resources give; null: from the resources again. The
   * name is checked here, on the driver; whether the device is there is found on each executor.
   *
   * @throws IllegalArgumentException for a name that is no device's
   */
  public SluiceSpark<T, R> device(String spec) {
    if (spec != null) {
      Device.checkName(spec);
    }
    return new SluiceSpark<>(recipe.with(recipe.batch(), recipe.chunk(), spec, recipe.cpuFallback()));
  }

  /**
   * Whether a pipeline that cannot run on a task's OpenCL device (no kernel, a kernel that does not build
   * there), or whose executor does not have that device (no OpenCL driver), runs on the CPU back end instead; the report's device then says so. By default it fails
   * the task with the reason.
   */
  public SluiceSpark<T, R> cpuFallback(boolean fallback) {
    return new SluiceSpark<>(recipe.with(recipe.batch(), recipe.chunk(), recipe.device(), fallback));
  }

  /**
   * The broadcast variable holding the pipeline factory (its Java-serialized bytes, whatever {@code
   * spark.serializer} is); destroy it when no run needs it any more.
   */
  public Broadcast<?> factoryBroadcast() {
    return recipe.factory();
  }

  /** The items of one sink for every partition of {@code input}; lazy, like any transformation. */
  public <U> SluiceRun<U, Void> mapPartitions(JavaRDD<T> input, SinkItems<R, U> sink) {
    return mapPartitions(input, sink, null);
  }

  /** The same, with a reduction combined across all runs and partitions (read after an action). */
  public <U, A> SluiceRun<U, A> mapPartitions(JavaRDD<T> input, SinkItems<R, U> sink, Reduction<R, A> reduction) {
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(sink, "sink");
    travels(sink, reduction);
    Outcomes<A> outcomes = register(input.context());
    Recipe<?, T, R> r = recipe;
    // the input's partition index, not the task's: coalesce(1) runs every partition in one task
    Function2<Integer, java.util.Iterator<T>, java.util.Iterator<U>> body =
        (partition, in) -> r.run(partition, in, sink, reduction, outcomes);
    return new SluiceRun<>(input.mapPartitionsWithIndex(body, false), null, outcomes, reduction);
  }

  /** The items of one sink for every partition of a Dataset, encoded with {@code encoder}. */
  public <U> SluiceRun<U, Void> mapPartitions(Dataset<T> input, SinkItems<R, U> sink, Encoder<U> encoder) {
    return mapPartitions(input, sink, encoder, null);
  }

  /** The same, with a reduction. */
  public <U, A> SluiceRun<U, A> mapPartitions(Dataset<T> input, SinkItems<R, U> sink, Encoder<U> encoder,
      Reduction<R, A> reduction) {
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(sink, "sink");
    Objects.requireNonNull(encoder, "encoder");
    travels(sink, reduction);
    check(!input.isStreaming(), "a streaming Dataset has no RDD to run over: run each micro-batch, whose Dataset"
        + " is a batch one, in writeStream().foreachBatch((batch, id) -> ...)");
    Outcomes<A> outcomes = register(input.sparkSession().sparkContext());
    Recipe<?, T, R> r = recipe;
    // through the Dataset's RDD: a Dataset's own mapPartitions gives its function no index, and the task's
    // partition is another number in a union or a coalesce of the output (outside-in helper-31: a union of
    // the output with itself counted every partition twice); the RDD's is the input's partition
    Function2<Integer, java.util.Iterator<T>, java.util.Iterator<U>> body =
        (partition, in) -> r.run(partition, in, sink, reduction, outcomes);
    JavaRDD<U> mapped = input.toJavaRDD().mapPartitionsWithIndex(body, false);
    Dataset<U> out = input.sparkSession().createDataset(mapped.rdd(), encoder);
    return new SluiceRun<>(null, out, outcomes, reduction);
  }

  /** Runs the pipeline over {@code input} now, keeping no sink items: the reduction and the report. */
  public <A> SluiceRun<Object, A> reduce(JavaRDD<T> input, Reduction<R, A> reduction) {
    Objects.requireNonNull(reduction, "reduction");
    SluiceRun<Object, A> run = mapPartitions(input, result -> List.of(), reduction);
    run.items().count();
    return run;
  }

  private static <A> Outcomes<A> register(org.apache.spark.SparkContext sc) {
    Outcomes<A> outcomes = new Outcomes<>();
    sc.register(outcomes);
    return outcomes;
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}
