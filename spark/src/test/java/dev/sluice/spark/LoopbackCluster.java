package dev.sluice.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Spark standalone cluster on loopback for a test: a master and {@code workers} workers, each a
 * child JVM started from the test's class path, each worker with one core and one GPU address ("0",
 * from a discovery script) so that executors get tasks with GPU resources. Executors load Spark and
 * the test classes from {@code spark.executor.extraClassPath} (see {@link #classPath()}); the workers
 * find no Spark distribution, only an empty {@code $SPARK_HOME/jars}, which their launcher requires,
 * and need {@code SPARK_SCALA_VERSION} set, or each executor launch fails looking for a Spark build.
 * Every second worker calls its host {@code localhost} rather than {@code 127.0.0.1}: Spark starts a
 * speculative copy of a task only on another host than the original's, and to it those are two.
 */
final class LoopbackCluster implements AutoCloseable {
  private final Path home;
  private final List<Process> processes = new ArrayList<>();
  private final int port;

  private LoopbackCluster(Path home, int port) {
    this.home = home;
    this.port = port;
  }

  /** The test JVM's class path (surefire's, not its launcher jar's). */
  static String classPath() {
    String cp = System.getProperty("surefire.test.class.path");
    return cp != null && !cp.isBlank() ? cp : System.getProperty("java.class.path");
  }

  static LoopbackCluster start(int workers) throws IOException, InterruptedException {
    Path home = Files.createTempDirectory("sluice-spark-cluster");
    Files.createDirectories(home.resolve("jars"));
    Path gpus = home.resolve("gpus.sh");
    Files.writeString(gpus, "#!/bin/sh\necho '{\"name\": \"gpu\", \"addresses\": [\"0\"]}'\n", StandardCharsets.US_ASCII);
    gpus.toFile().setExecutable(true);
    LoopbackCluster c = new LoopbackCluster(home, freePort());
    try {
      c.launch("master", "org.apache.spark.deploy.master.Master", List.of(), "--host", "127.0.0.1", "--port",
          String.valueOf(c.port), "--webui-port", String.valueOf(freePort()));
      c.awaitPort(c.port);
      for (int w = 1; w <= workers; w++) {
        Path work = Files.createDirectories(home.resolve("work-" + w));
        c.launch("worker-" + w, "org.apache.spark.deploy.worker.Worker",
            List.of("-Dspark.worker.resource.gpu.amount=1", "-Dspark.worker.resource.gpu.discoveryScript=" + gpus),
            "--host", w % 2 == 1 ? "127.0.0.1" : "localhost", "--cores", "1", "--memory", "1g", "--webui-port", String.valueOf(freePort()),
            "--work-dir", work.toString(), c.masterUrl());
      }
      return c;
    } catch (IOException | RuntimeException | InterruptedException e) {
      c.close();
      throw e;
    }
  }

  String masterUrl() {
    return "spark://127.0.0.1:" + port;
  }

  /** The last lines of each child's log, for a failure message. */
  String logs() {
    StringBuilder b = new StringBuilder();
    try (var files = Files.walk(home)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".log") || f.getFileName().toString().equals("stderr"))
          .toList()) {
        List<String> lines = Files.readAllLines(p, StandardCharsets.UTF_8);
        b.append("== ").append(home.relativize(p)).append('\n');
        lines.subList(Math.max(0, lines.size() - 15), lines.size()).forEach(l -> b.append(l).append('\n'));
      }
    } catch (IOException e) {
      b.append("(logs unreadable: ").append(e.getMessage()).append(")\n");
    }
    return b.toString();
  }

  private void launch(String name, String mainClass, List<String> properties, String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // the master and workers only pass messages: a small heap, and the quick start of the client compiler
    command.addAll(List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
    command.addAll(SparkTests.moduleOptions());
    command.addAll(properties);
    command.add("-cp");
    command.add(classPath());
    command.add(mainClass);
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().put("SPARK_HOME", home.toString());
    pb.environment().put("SPARK_SCALA_VERSION", "2.13");
    pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    pb.redirectErrorStream(true);
    pb.redirectOutput(home.resolve(name + ".log").toFile());
    processes.add(pb.start());
  }

  private void awaitPort(int p) throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < until) {
      try (Socket s = new Socket("127.0.0.1", p)) {
        return;
      } catch (IOException e) {
        for (Process pr : processes) {
          if (!pr.isAlive()) {
            throw new IllegalStateException("a cluster process exited with " + pr.exitValue() + "\n" + logs());
          }
        }
        Thread.sleep(200);
      }
    }
    throw new IllegalStateException("the master did not listen on port " + p + " within 60 s\n" + logs());
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    for (int i = processes.size() - 1; i >= 0; i--) {
      processes.get(i).destroy();
    }
    for (Process p : processes) {
      try {
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
          p.destroyForcibly();
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
    try (var files = Files.walk(home)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temporary folder left behind is no failure of the test
    }
  }
}
