package dev.sluice.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's example, compiled and run as written there. */
class ReadmeTest {
  @Test
  void theReadmeExampleRuns() {
    byte[] text = "ab12\r\nx9y\n\n345 6\n".getBytes(StandardCharsets.US_ASCII);
    Line[] lines = {new Line(0, 4), new Line(6, 9), new Line(10, 10), new Line(11, 16)};
    TaxiPipeline p = TaxiPipeline.builder().digits(() -> new Digits(text)).build();
    TaxiPipeline.Result r = p.run(lines);
    List<Summary> got = new ArrayList<>(r.summaries());
    got.sort(Comparator.comparingInt(Summary::start));
    assertEquals(List.of(new Summary(0, 2), new Summary(6, 1), new Summary(10, 0), new Summary(11, 4)), got);
    assertEquals(4, r.report().sink("summaries").items());
  }
}
