package dev.sluice.spark;

import dev.sluice.runtime.testing.Skip;
import java.security.AccessController;
import javax.security.auth.Subject;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/** What the Spark tests share: whether Spark can run on this JDK, and a local context on loopback. */
public final class SparkTests {
  private SparkTests() {}

  /**
   * Why a standalone cluster cannot run in this JDK, or null when it can: Spark's executors log in
   * through Hadoop's {@code UserGroupInformation}, which calls {@code Subject.getSubject}, and JDK 24
   * and later refuse that call ("getSubject is not supported"), so every executor exits at start.
   * Local mode does not log in that way and runs.
   */
  @SuppressWarnings("removal")
  static String whyNoCluster() {
    try {
      Subject.getSubject(AccessController.getContext());
      return null;
    } catch (UnsupportedOperationException e) {
      return "Spark's standalone executors cannot start on JDK " + Runtime.version().feature() + ": Hadoop's login"
          + " calls Subject.getSubject, which this JDK refuses (" + e.getMessage() + "); see docs/spark.md";
    }
  }

  /** Skips the calling test, with the reason on the console, where a standalone cluster cannot run. */
  static void assumeClusterRuns() {
    String why = whyNoCluster();
    if (why != null) {
      throw Skip.because(why);
    }
  }

  /**
   * The module openings this JVM was started with (the pom's {@code spark.test.jvm}), for the child
   * JVMs of a test cluster.
   */
  static java.util.List<String> moduleOptions() {
    return java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("--add-opens") || a.startsWith("-Djdk.reflect.") || a.startsWith("-Dio.netty.")
            || a.equals("-XX:+IgnoreUnrecognizedVMOptions"))
        .toList();
  }

  /** A context for {@code master} ({@code local[2]}, {@code local[2,3]}, ...) with no web UI, bound to loopback. */
  public static JavaSparkContext local(String master, String app) {
    SparkConf conf = new SparkConf().setMaster(master).setAppName(app)
        .set("spark.ui.enabled", "false")
        .set("spark.driver.host", "127.0.0.1")
        .set("spark.driver.bindAddress", "127.0.0.1")
        .set("spark.sql.shuffle.partitions", "4");
    return new JavaSparkContext(conf);
  }
}
