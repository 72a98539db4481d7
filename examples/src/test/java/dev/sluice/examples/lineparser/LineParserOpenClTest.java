package dev.sluice.examples.lineparser;

import static dev.sluice.examples.Multisets.assertSameItems;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import dev.sluice.runtime.testing.SliceSize;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The line parser on the OpenCL back end: an enumerator per line, {@code @Parent} reads, and BEGIN/END
 * handlers that reset and push the {@code @Reduce} sums, against the CPU back end and the reference.
 */
class LineParserOpenClTest {
  @Test
  void matchesCpuAndReference() {
    Device cl = OpenClAvailable.device();
    for (int n : new int[] {0, 1, 400, 5_000}) {
      byte[] text = SampleText.generate(new Random(11), n);
      Line[] lines = Reference.lines(text);
      List<LineSummary> expected = Reference.summaries(text, lines);
      for (int groups : new int[] {0, 1, 3}) {
        for (int chunk : new int[] {1, 7, 1 << 14}) {
          String what = "lines=" + n + " groups=" + groups + " chunk=" + chunk;
          LineParserPipeline.Result gpu = LineParserPipeline.builder().digits(() -> new Digits(text))
              .summarize(() -> new Summarize(text)).instances(groups).chunkSize(chunk).device(cl).build().run(lines);
          LineParserPipeline.Result cpu = LineParserPipeline.builder().digits(() -> new Digits(text))
              .summarize(() -> new Summarize(text)).chunkSize(chunk).device(Device.cpu()).build().run(lines);
          assertSameItems(cpu.summaries(), gpu.summaries(), what);
          assertSameItems(expected, gpu.summaries(), what);
          LineParserTest.assertConserved(gpu.report(), lines, gpu.summaries(), what);
        }
      }
    }
  }

  @Test
  void slicesOfTheInputMatchReference() {
    Device cl = OpenClAvailable.device();
    byte[] text = SampleText.generate(new Random(5), 2_000);
    Line[] lines = Reference.lines(text);
    SliceSize.with(333, () -> {
      LineParserPipeline.Result r = LineParserPipeline.builder().digits(() -> new Digits(text))
          .summarize(() -> new Summarize(text)).device(cl).build().run(lines);
      assertSameItems(Reference.summaries(text, lines), r.summaries(), "slices of 333");
    });
  }

  @Test
  void ranOnTheOpenClDevice() {
    Device cl = OpenClAvailable.device();
    byte[] text = SampleText.generate(new Random(3), 100);
    LineParserPipeline.Result r = LineParserPipeline.builder().digits(() -> new Digits(text))
        .summarize(() -> new Summarize(text)).device(cl).build().run(Reference.lines(text));
    assertEquals(cl.name(), r.report().device(), "the report names the OpenCL device, not the JVM");
  }

  @Test
  void tinySettingsMatchReference() {
    LineParserTest.tinySettingsMatchReference(OpenClAvailable.device());
  }
}
