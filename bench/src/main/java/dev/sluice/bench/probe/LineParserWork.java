package dev.sluice.bench.probe;

import dev.sluice.bench.workloads.LineParserWorkload;
import dev.sluice.examples.lineparser.Digits;
import dev.sluice.examples.lineparser.Line;
import dev.sluice.examples.lineparser.LineParserPipeline;
import dev.sluice.examples.lineparser.LineSummary;
import dev.sluice.examples.lineparser.Reference;
import dev.sluice.examples.lineparser.SampleText;
import dev.sluice.examples.lineparser.Summarize;
import dev.sluice.runtime.Device;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * How much of the line parser's gap to the hand-fused loop is the work its {@code Summarize} node
 * does, rather than Sluice: on one thread, the bench's one-pass fused loop, the same loop doing
 * {@code Summarize}'s per-digit work (each digit asks whether it starts a number; a first digit reads
 * the whole number), the example's node objects called in a plain loop, the Sluice pipeline with
 * one instance on both CPU executors, and the least per-character work any order-independent
 * pipeline could do ({@link #startsOnly}). Runs them in turn, {@code probe.rounds} rounds (default 15), and
 * prints each one's median time and the median of its ratio to the one-pass loop's in each round.
 *
 * <pre>
 * mvn -B -ntp -q install -DskipTests &amp;&amp; mvn -B -ntp -q -pl bench exec:java \
 *     -Dbench.main=dev.sluice.bench.probe.LineParserWork [-Dprobe.lines=400000]
 * </pre>
 */
public final class LineParserWork {
  private LineParserWork() {}

  public static void main(String[] args) {
    int n = Integer.getInteger("probe.lines", 400_000);
    int rounds = Integer.getInteger("probe.rounds", 15);
    byte[] text = SampleText.generate(new Random(4), n);
    Line[] lines = Reference.lines(text);
    List<LineSummary> expected = Reference.summaries(text, lines);
    LineParserPipeline direct = LineParserPipeline.builder().digits(() -> new Digits(text))
        .summarize(() -> new Summarize(text)).device(Device.cpu()).instances(1).build();
    LineParserPipeline scheduled = LineParserPipeline.builder().digits(() -> new Digits(text))
        .summarize(() -> new Summarize(text)).device(Device.cpuScheduled()).instances(1).build();
    String[] names = {"fused-1t, one pass", "fused-1t, Summarize's per-digit work",
        "the nodes' methods called in a loop", "sluice direct, 1 instance", "sluice scheduled, 1 instance", "fused-1t, numbers read from their first digits"};
    List<java.util.function.Supplier<List<LineSummary>>> runs = List.of(
        () -> onePass(text, lines),
        () -> perDigit(text, lines),
        () -> nodesByHand(text, lines),
        () -> direct.run(lines).summaries(),
        () -> scheduled.run(lines).summaries(),
        () -> startsOnly(text, lines));
    long[][] times = new long[runs.size()][rounds];
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < runs.size(); k++) {
        System.gc();
        long t0 = System.nanoTime();
        List<LineSummary> out = runs.get(k).get();
        times[k][r] = System.nanoTime() - t0;
        if (out.size() != expected.size() || !new java.util.HashSet<>(out).equals(new java.util.HashSet<>(expected))) {
          throw new IllegalStateException(names[k] + " differs from the reference");
        }
      }
    }
    System.out.printf(Locale.ROOT, "line parser, %d lines (%d bytes), one thread, median of %d rounds (the first third are warm-up;"
        + " the times, and each round's ratio)%n",
        lines.length, text.length, rounds);
    for (int k = 0; k < runs.size(); k++) {
      double m = CpuRounds.median(times[k]);
      System.out.printf(Locale.ROOT, "  %-40s %9.2f ms  %5.2fx the one-pass loop's time%n", names[k], m / 1e6,
          CpuRounds.pairedRatio(times[k], times[0]));
    }
  }

  /** The bench's fused loop: one pass per line. */
  static List<LineSummary> onePass(byte[] text, Line[] lines) {
    List<LineSummary> out = new ArrayList<>(lines.length);
    for (Line line : lines) {
      int digits = 0;
      int numbers = 0;
      long sum = 0;
      long current = 0;
      boolean inNumber = false;
      for (int at = line.start(); at < line.end(); at++) {
        int c = text[at];
        if (c >= '0' && c <= '9') {
          digits++;
          current = current * 10 + (c - '0');
          if (!inNumber) {
            numbers++;
            inNumber = true;
          }
        } else {
          sum += current;
          current = 0;
          inNumber = false;
        }
      }
      out.add(new LineSummary(line.start(), digits, numbers, sum + current));
    }
    return out;
  }

  /**
   * The example's node objects called by hand, as a loop would call them with no pipeline around:
   * BEGIN, {@code Digits.run} per character (its pushes go straight to {@code Summarize.run}), END.
   */
  static List<LineSummary> nodesByHand(byte[] text, Line[] lines) {
    List<LineSummary> out = new ArrayList<>(lines.length);
    Digits digits = new Digits(text);
    Summarize summarize = new Summarize(text);
    Line[] current = new Line[1];
    dev.sluice.IntOut toSummarize = at -> summarize.run(at, current[0]);
    dev.sluice.Out<LineSummary> toList = out::add;
    for (Line line : lines) {
      current[0] = line;
      summarize.begin(line);
      int n = line.end() - line.start();
      for (int i = 0; i < n; i++) {
        digits.run(i, line, toSummarize);
      }
      summarize.end(line, toList);
    }
    return out;
  }

  /** A fused loop doing what Digits and Summarize do per character and per digit. */
  static List<LineSummary> perDigit(byte[] text, Line[] lines) {
    List<LineSummary> out = new ArrayList<>(lines.length);
    for (Line line : lines) {
      int digits = 0;
      int numbers = 0;
      long sum = 0;
      for (int at = line.start(); at < line.end(); at++) {
        int c = text[at];
        if (c < '0' || c > '9') {
          continue;
        }
        digits += 1;
        if (at == line.start() || text[at - 1] < '0' || text[at - 1] > '9') {
          numbers += 1;
          sum += LineParserWorkload.number(text, at, line.end());
        }
      }
      out.add(new LineSummary(line.start(), digits, numbers, sum));
    }
    return out;
  }

  /**
   * The least work per character a pipeline of this shape can do: each character is looked at on its
   * own (no state carried from the one before, which lanes working in parallel do not have), and only
   * a number's first digit reads the number, counting its digits on the way. No node calls, no fields.
   */
  static List<LineSummary> startsOnly(byte[] text, Line[] lines) {
    List<LineSummary> out = new ArrayList<>(lines.length);
    for (Line line : lines) {
      int digits = 0;
      int numbers = 0;
      long sum = 0;
      for (int at = line.start(); at < line.end(); at++) {
        int c = text[at];
        if (c >= '0' && c <= '9' && (at == line.start() || text[at - 1] < '0' || text[at - 1] > '9')) {
          numbers++;
          long value = 0;
          int next = at;
          while (next < line.end() && text[next] >= '0' && text[next] <= '9') {
            value = value * 10 + (text[next] - '0');
            next++;
          }
          digits += next - at;
          sum += value;
        }
      }
      out.add(new LineSummary(line.start(), digits, numbers, sum));
    }
    return out;
  }
}
