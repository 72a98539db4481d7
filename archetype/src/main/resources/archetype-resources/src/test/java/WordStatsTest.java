package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.DeviceUnavailableException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link WordStats} against the same statistics computed in plain Java, on every device present. */
class WordStatsTest {
  /** Plain Java: one scan per line. */
  static List<LineStats> reference(byte[] text, Line[] lines) {
    List<LineStats> out = new ArrayList<>();
    for (Line line : lines) {
      int words = 0;
      int longest = 0;
      int run = 0;
      for (int at = line.start(); at <= line.end(); at++) {
        if (at < line.end() && WordEnds.isWordChar(text[at])) {
          run++;
        } else if (run > 0) {
          words++;
          longest = Math.max(longest, run);
          run = 0;
        }
      }
      out.add(new LineStats(line.start(), words, longest));
    }
    return out;
  }

  /** Words, punctuation, runs of blanks, empty lines and CRLF, from a seed. */
  static byte[] randomText(long seed, int lines) {
    Random random = new Random(seed);
    String alphabet = "abcXYZ019 ,.;-\t";
    StringBuilder b = new StringBuilder();
    for (int l = 0; l < lines; l++) {
      int length = random.nextInt(8) == 0 ? 0 : random.nextInt(120);
      for (int i = 0; i < length; i++) {
        b.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      b.append(random.nextBoolean() ? "\n" : "\r\n");
    }
    return b.toString().getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * Every device present ({@code Device.all()}: the CPU back end's two executors, then each OpenCL
   * device, where the pipeline has a kernel), with one instance and with two, and with two on claims
   * of 7 lines: results must not depend on how many instances share the input or where their claims end.
   */
  static Stream<Arguments> devicesAndSettings() {
    // shown by its short name (cpu, cpu:scheduled, opencl:0) in the test's display name
    return Device.all().stream().filter(d -> d.kind() == Device.Kind.JVM || WordStatsPipeline.hasKernel())
        .map(d -> Named.of(d.spec(), d)).flatMap(d -> Stream.of(
        Arguments.of(d, 1, 0), Arguments.of(d, 2, 0), Arguments.of(d, 2, 7)));
  }

  @ParameterizedTest(name = "{0}, {1} instance(s), chunk size {2}")
  @MethodSource("devicesAndSettings")
  void matchesPlainJava(Device device, int instances, int chunkSize) {
    for (int lines : new int[] {0, 1, 50, 3_000}) {
      byte[] text = randomText(lines, lines);
      Line[] in = Text.lines(text);
      WordStatsPipeline.Result r = WordStatsPipeline.builder().wordEnds(() -> new WordEnds(text))
          .device(device).instances(instances).chunkSize(chunkSize)
          .maxSteps(10_000_000) // a hang (a Sluice bug) fails the test instead of stopping the build
          .build().run(in);
      // the instances append their outputs in turn: compare in an order of your own
      Comparator<LineStats> byStart = Comparator.comparingInt(LineStats::start);
      assertEquals(reference(text, in), r.stats().stream().sorted(byStart).toList(), lines + " lines");
      assertEquals(device.name(), r.report().device(), "the report names the device that ran");
    }
  }

  @Test
  void knownLines() {
    byte[] text = "two words\n\n  one  \nthe longest-word here\r\n".getBytes(StandardCharsets.US_ASCII);
    Line[] lines = Text.lines(text);
    List<LineStats> stats = WordStatsPipeline.builder().wordEnds(() -> new WordEnds(text))
        .device(Device.cpu()).build().run(lines)
        .stats().stream().sorted(Comparator.comparingInt(LineStats::start)).toList();
    assertEquals(List.of(new LineStats(0, 2, 5), new LineStats(10, 0, 0), new LineStats(11, 1, 3),
        new LineStats(19, 4, 7)), stats);
  }

  /**
   * {@code matchesPlainJava} covers the OpenCL devices {@code Device.all()} finds; this says when
   * there is none: skipped with the reason, or failed where {@code SLUICE_REQUIRE_OPENCL=1} says a
   * device must be there (a CI machine with one).
   */
  @Test
  void openClIsPresentWhereRequired() {
    try {
      Device.opencl();
    } catch (DeviceUnavailableException e) {
      if ("1".equals(System.getenv("SLUICE_REQUIRE_OPENCL"))) {
        fail(e.getMessage() + " (SLUICE_REQUIRE_OPENCL=1 makes this a failure)");
      }
      System.out.println("WordStatsTest: no OpenCL run, " + e.getMessage());
      Assumptions.abort(e.getMessage());
    }
  }

  @Test
  void mainPrintsEveryLine() throws Exception {
    java.io.PrintStream console = System.out;
    java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
    System.setOut(new java.io.PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      System.setProperty(Device.PROPERTY, "cpu");
      Main.main(new String[0]);
    } finally {
      System.clearProperty(Device.PROPERTY);
      System.setOut(console);
    }
    String out = printed.toString(StandardCharsets.UTF_8);
    assertTrue(out.startsWith("5 lines"), out);
    assertTrue(out.contains(" 6 words, longest 11"), out);
  }
}
