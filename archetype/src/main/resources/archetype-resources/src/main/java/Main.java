package ${package};

import dev.sluice.runtime.Device;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

/**
 * Runs {@link WordStats} over a text file named on the command line, or over a few built-in lines,
 * on the best device present (an OpenCL GPU or accelerator, else the CPU back end; an OpenCL device on
 * the CPU, such as PoCL, only when named: {@code -Dsluice.device=opencl}, with the JVM started under
 * {@code LD_PRELOAD=$JAVA_HOME/lib/libjsig.so}, as the README says), and prints each line's statistics
 * and the run report.
 *
 * <pre>POCL_SIGFPE_HANDLER=0 mvn -B -ntp compile exec:java [-Dexec.args=some.txt]
 * LD_PRELOAD=$JAVA_HOME/lib/libjsig.so POCL_SIGFPE_HANDLER=0 mvn -B -ntp compile exec:java -Dsluice.device=opencl</pre>
 */
public final class Main {
  private static final String SAMPLE = """
      Sluice runs irregular streaming pipelines
      each stage may emit any number of items per input

      a region per line, BEGIN and END per region
      the longest word here is aggregation
      """;

  private Main() {}

  public static void main(String[] args) {
    byte[] text = args.length > 0 ? read(args[0]) : SAMPLE.getBytes(StandardCharsets.US_ASCII);
    Line[] lines = Text.lines(text);

    WordStatsPipeline pipeline = WordStatsPipeline.builder()
        .wordEnds(() -> new WordEnds(text))   // nodes with constructor arguments get a factory
        .device(Device.best())
        .build();
    WordStatsPipeline.Result result = pipeline.run(lines);

    // the sink's items come in no defined order: sort them by where their line starts
    List<LineStats> stats = result.stats().stream().sorted(Comparator.comparingInt(LineStats::start)).toList();
    System.out.printf("%d lines%n", lines.length);
    for (LineStats s : stats) {
      System.out.printf("line at byte %5d: %2d words, longest %2d%n", s.start(), s.words(), s.longest());
    }
    System.out.println();
    System.out.println(result.report());
  }

  /** The file's bytes; one that cannot be read is named with the reason (the exception's text is only its path). */
  private static byte[] read(String file) {
    try {
      return Files.readAllBytes(Path.of(file));
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException("no such file: " + file, e);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + file + ": " + e, e);
    }
  }
}
