package dev.sluice.bench.probe;

import dev.sluice.examples.lineparser.Digits;
import dev.sluice.examples.lineparser.Line;
import dev.sluice.examples.lineparser.LineParserPipeline;
import dev.sluice.examples.lineparser.Reference;
import dev.sluice.examples.lineparser.SampleText;
import dev.sluice.examples.lineparser.Summarize;
import dev.sluice.examples.synthgain.SynthGainPipeline;
import dev.sluice.examples.synthgain.SynthGains;
import dev.sluice.runtime.Device;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import java.util.function.LongSupplier;

/**
 * The scheduled CPU executor's cost per input item ({@link Device#cpuScheduled()}: the one
 * {@code protocol.Scheduler} on the JVM), as thread CPU time of one instance on the calling thread:
 * the figure to compare two versions of the scheduler on a machine shared with other work, where
 * wall time moves with the load and CPU time much less. For each workload (synthgain at gains 0.1
 * and 1, the line parser) it warms up for {@code probe.warmup} seconds (default 3) and then prints
 * the minimum and the median of {@code probe.reps} runs (default 15) in nanoseconds per input item.
 * {@code -Dprobe.executor=direct} measures the direct executor ({@link Device#cpu()}) instead;
 * {@code -Dprobe.only=lineparser} (a workload's name) measures that workload alone.
 *
 * <pre>
 * mvn -B -ntp -q install -DskipTests &amp;&amp; mvn -B -ntp -q -pl bench exec:java \
 *     -Dbench.main=dev.sluice.bench.probe.CpuSchedulerCost
 * </pre>
 */
public final class CpuSchedulerCost {
  private CpuSchedulerCost() {}

  public static void main(String[] args) {
    double warmup = Double.parseDouble(System.getProperty("probe.warmup", "3"));
    int reps = Integer.getInteger("probe.reps", 15);
    Device device = "direct".equals(System.getProperty("probe.executor")) ? Device.cpu() : Device.cpuScheduled();
    System.out.println(device);
    long[] ids = new long[1 << 20];
    Arrays.setAll(ids, i -> i);
    for (float gain : new float[] {0.1f, 1f}) {
      SynthGainPipeline p = SynthGains.builder(gain).device(device).instances(1).build();
      measure("synthgain-" + (gain < 1 ? "0.1" : "1"), ids.length, warmup, reps, () -> p.run(ids).items().length);
    }
    byte[] text = SampleText.generate(new Random(4), 100_000);
    Line[] lines = Reference.lines(text);
    LineParserPipeline lp = LineParserPipeline.builder().digits(() -> new Digits(text))
        .summarize(() -> new Summarize(text)).device(device).instances(1).build();
    measure("lineparser", lines.length, warmup, reps, () -> lp.run(lines).summaries().size());
  }

  private static void measure(String name, int items, double warmup, int reps, LongSupplier run) {
    String only = System.getProperty("probe.only");
    if (only != null && !only.equals(name)) {
      return;
    }
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    long until = System.nanoTime() + (long) (warmup * 1e9);
    long check = 0;
    while (System.nanoTime() < until) {
      check += run.getAsLong();
    }
    double[] ns = new double[reps];
    for (int r = 0; r < reps; r++) {
      long t0 = mx.getCurrentThreadCpuTime();
      check += run.getAsLong();
      ns[r] = (mx.getCurrentThreadCpuTime() - t0) / (double) items;
    }
    Arrays.sort(ns);
    System.out.printf(Locale.ROOT, "%-14s min %7.2f ns/item  median %7.2f ns/item  (%d runs; outputs %d)%n", name,
        ns[0], ns[reps / 2], reps, check);
  }
}
