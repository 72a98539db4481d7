package dev.sluice.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The results file's link to the benchmark guide, from wherever the results are written. */
class ResultsWriterTest {
  @Test
  void linksTheGuideFromInsideDocsAndNamesItElsewhere(@TempDir Path project) throws Exception {
    Path docs = Files.createDirectories(project.resolve("docs"));
    Files.writeString(docs.resolve("benchmarks.md"), "# Benchmarks\n");
    assertEquals("[docs/benchmarks.md](../benchmarks.md)", ResultsWriter.guideLink(docs.resolve("bench")));
    assertEquals("[docs/benchmarks.md](../../benchmarks.md)", ResultsWriter.guideLink(docs.resolve("bench/gpu")));
    assertEquals("`docs/benchmarks.md`", ResultsWriter.guideLink(project.resolve("bench/target/bench-quick")));
  }
}
