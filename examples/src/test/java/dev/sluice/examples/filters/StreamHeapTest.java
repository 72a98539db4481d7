package dev.sluice.examples.filters;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.runtime.testing.ChildJvm;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A {@code runChunks} stream larger than the heap runs on OpenCL as on the CPU back end: the driver
 * joins a stream's small arrays into slices, and the join's own arrays on the heap are counted in the
 * slice's size. 30M ints in arrays of 4,096 ran out of a 64 MiB heap on PoCL (outside-in helper-77),
 * where the CPU back ends stay near 37 MB.
 */
class StreamHeapTest {
  static final int BOUND = 100_000;

  @Test
  void aStreamLargerThanTheHeapRunsOnOpenCl() throws Exception {
    OpenClAvailable.device();
    int[] kept = Reference.kept(IntStream.range(0, BOUND).toArray(), 3, BOUND);
    String expected = kept.length + " " + Arrays.stream(kept).asLongStream().sum();
    for (String device : new String[] {"cpu", "opencl"}) {
      ChildJvm.Output o = ChildJvm.run(StreamHeapChild.class, List.of("-Xmx64m"), List.of(), Map.of(), device,
          "30000000");
      assertEquals(expected, o.out().strip(), device + ": " + o.err());
    }
  }
}
