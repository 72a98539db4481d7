package dev.sluice.examples.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Pins what the processor writes for one non-trivial pipeline, the line parser (a region with an
 * enumerator, BEGIN/END handlers, {@code @Param}, {@code @State} and {@code @Reduce}): the pipeline
 * class, the CPU instances and the kernel; and SynthGain's direct-call instance (a chain written into
 * one loop, its last stage pushing straight into its sink), each compared with its golden copy under
 * {@code src/test/resources/golden/}. A change to a writer shows here as a diff to review. To accept
 * it, regenerate the copies:
 *
 * <pre>
 * mvn -B -ntp -pl examples test -Dtest=GeneratedSourcesTest -Dsluice.golden.update=true
 * </pre>
 */
class GeneratedSourcesTest {
  private static final Path GENERATED = Path.of("target", "generated-sources", "annotations", "dev", "sluice", "examples");
  private static final Path GOLDEN = Path.of("src", "test", "resources", "golden");
  /** Each file's package folder under {@code dev/sluice/examples} and its name. */
  private static final List<String> FILES =
      List.of("lineparser/LineParserPipeline.java", "lineparser/LineParserPipeline_CpuInstance.java",
          "lineparser/LineParserPipeline_CpuDirect.java", "lineparser/LineParserPipeline_Kernel.java",
          "synthgain/SynthGainPipeline_CpuDirect.java");

  @Test
  void theLineParsersSourcesEqualTheirGoldenCopies() throws IOException {
    boolean update = Boolean.getBoolean("sluice.golden.update");
    for (String file : FILES) {
      Path generated = GENERATED.resolve(file);
      String name = Path.of(file).getFileName().toString();
      assertTrue(Files.isRegularFile(generated), "the processor wrote " + generated.toAbsolutePath());
      Path golden = GOLDEN.resolve(name + ".txt");
      String now = Files.readString(generated);
      if (update) {
        Files.createDirectories(GOLDEN);
        Files.writeString(golden, now);
      }
      assertTrue(Files.isRegularFile(golden), "no golden copy " + golden + "; write it with -Dsluice.golden.update=true");
      assertEquals(Files.readString(golden), now, name + " differs from " + golden
          + " (accept the change with -Dsluice.golden.update=true)");
    }
  }
}
