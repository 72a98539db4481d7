package dev.sluice.bench.workloads;

import dev.sluice.bench.Fingerprint;
import dev.sluice.bench.Impl;
import dev.sluice.bench.OpenCl;
import dev.sluice.bench.Parallel;
import dev.sluice.bench.SluiceVariant;
import dev.sluice.bench.Variant;
import dev.sluice.bench.Workload;
import dev.sluice.bench.aparapi.PerStageLineParser;
import dev.sluice.examples.lineparser.Digits;
import dev.sluice.examples.lineparser.Line;
import dev.sluice.examples.lineparser.LineParserPipeline;
import dev.sluice.examples.lineparser.LineSummary;
import dev.sluice.examples.lineparser.Reference;
import dev.sluice.examples.lineparser.SampleText;
import dev.sluice.examples.lineparser.Summarize;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * MERCATOR's Taxi shape: per line of a generated taxi-log-like text, its digits, numbers and their
 * sum. Input items are lines; the output is one {@link LineSummary} per line.
 */
public final class LineParserWorkload implements Workload {
  private PerStageLineParser perStage;

  @Override
  public String name() {
    return "lineparser";
  }

  @Override
  public String description() {
    return "a region per line (enumerate characters, keep digits, summarise per line); input: lines of text";
  }

  @Override
  public long baseItems(boolean quick) {
    return quick ? 2_000 : 100_000;
  }

  @Override
  public Prepared prepare(long items) {
    byte[] text = SampleText.generate(new Random(4), Math.toIntExact(items));
    Line[] lines = Reference.lines(text);
    Fingerprint expected = fingerprintOf(Reference.summaries(text, lines));
    // the most summaries one fused-par thread made in the last run
    int[] most = new int[1];
    return new Prepared() {
      @Override
      public long inputItems() {
        return lines.length;
      }

      @Override
      public long outputItems() {
        return expected.count();
      }

      @Override
      public Fingerprint expected() {
        return expected;
      }

      @Override
      @SuppressWarnings("unchecked")
      public Fingerprint fingerprint(Object output) {
        return fingerprintOf((List<LineSummary>) output);
      }

      @Override
      public Variant variant(Impl impl) throws Variant.Unavailable {
        return switch (impl) {
          case SLUICE_CPU -> sluice(SluiceVariant.cpu(), 0);
          case SLUICE_CPU_1T -> sluice(SluiceVariant.cpu(), 1);
          case SLUICE_OPENCL -> sluice(OpenCl.sluiceDevice(), OpenCl.groups());
          case FUSED_1T -> () -> {
            List<LineSummary> out = new ArrayList<>(lines.length);
            for (int i = 0; i < lines.length; i++) {
              out.add(summary(text, lines[i]));
            }
            return new Variant.Outcome(out);
          };
          case FUSED_PAR -> () -> {
            // each thread's list starts at its share of the lines, then at a quarter more than the most
            // one thread held last time (threads claim chunks as they go), as fused-1t's starts at the
            // lines' count and Sluice's sinks at what the last run needed
            int start = most[0] > 0 ? most[0] + most[0] / 4 : lines.length / Parallel.threads() + 1;
            List<List<LineSummary>> parts = Parallel.run(lines.length, RunOptions.DEFAULT_CHUNK,
                t -> new Parallel.Worker<>() {
                  final List<LineSummary> out = new ArrayList<>(start);

                  @Override
                  public void chunk(int from, int to) {
                    for (int i = from; i < to; i++) {
                      out.add(summary(text, lines[i]));
                    }
                  }

                  @Override
                  public List<LineSummary> result() {
                    return out;
                  }
                });
            most[0] = parts.stream().mapToInt(List::size).max().orElse(0);
            List<LineSummary> out = new ArrayList<>(lines.length);
            parts.forEach(out::addAll);
            return new Variant.Outcome(out);
          };
          case STREAM_PAR -> () -> new Variant.Outcome(Arrays.stream(lines).parallel()
              .map(line -> {
                long[] acc = IntStream.range(line.start(), line.end())
                    .filter(at -> text[at] >= '0' && text[at] <= '9')
                    .collect(() -> new long[3], (a, at) -> {
                      a[0]++;
                      if (at == line.start() || !digit(text[at - 1])) {
                        a[1]++;
                        a[2] += number(text, at, line.end());
                      }
                    }, (a, b) -> {
                      a[0] += b[0];
                      a[1] += b[1];
                      a[2] += b[2];
                    });
                return new LineSummary(line.start(), (int) acc[0], (int) acc[1], acc[2]);
              })
              .toList());
          case APARAPI_STAGES -> {
            if (perStage == null) {
              perStage = new PerStageLineParser(OpenCl.device());
            }
            PerStageLineParser k = perStage;
            yield new Variant() {
              @Override
              public Outcome run() {
                return new Outcome(k.run(text, lines));
              }

              @Override
              public long deviceBytes() {
                return k.deviceBytes();
              }
            };
          }
        };
      }

      private Variant sluice(Device device, int instances) {
        LineParserPipeline p = LineParserPipeline.builder().digits(() -> new Digits(text))
            .summarize(() -> new Summarize(text)).device(device).instances(instances).build();
        return SluiceVariant.of(() -> {
          LineParserPipeline.Result r = p.run(lines);
          return new Variant.Outcome(r.summaries(), r.report());
        });
      }
    };
  }

  static Fingerprint fingerprintOf(List<LineSummary> summaries) {
    Fingerprint.Builder b = Fingerprint.builder();
    for (LineSummary s : summaries) {
      b.addFields(s.start(), s.digits(), s.numbers(), s.sum());
    }
    return b.build();
  }

  static boolean digit(int c) {
    return c >= '0' && c <= '9';
  }

  /**
   * The number whose first digit is at {@code at}, read up to the first non-digit or the line's end:
   * what the example's {@code Summarize.run} works out for a digit that starts a number.
   */
  public static long number(byte[] text, int at, int end) {
    long value = 0;
    for (int next = at; next < end && digit(text[next]); next++) {
      value = value * 10 + (text[next] - '0');
    }
    return value;
  }

  /** The hand-fused loop for one line: characters, digit test and summary in one pass. */
  static LineSummary summary(byte[] text, Line line) {
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
    return new LineSummary(line.start(), digits, numbers, sum + current);
  }

  @Override
  public void close() {
    if (perStage != null) {
      perStage.close();
      perStage = null;
    }
  }
}
