package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.input.InputChunk;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where the OpenCL driver cuts an input: where a chunk of the size that was set begins, as the CPU
 * back ends claim them, so that a pipeline that keeps windows within chunks gets the same result
 * (outside-in helper-49: windows of 3 with chunkSize(6) split at the default slice of 4,194,304).
 */
class SliceCutsTest {
  private static RunOptions chunk(int size) {
    return new RunOptions(Device.cpu(), 3, size, 1000);
  }

  @Test
  void slicesAreWholeChunks() {
    assertEquals(4_194_300, OpenClDriver.chunkAligned(4_194_304, chunk(6)));
    assertEquals(996, OpenClDriver.chunkAligned(1000, chunk(6)));
    assertEquals(1000, OpenClDriver.chunkAligned(1000, chunk(RunOptions.AUTOMATIC_CHUNK)), "automatic chunks: any cut");
    assertEquals(1000, OpenClDriver.chunkAligned(1000, chunk(5000)), "a slice that holds no whole chunk is kept");
  }

  @Test
  void piecesBeginWhereChunksDo() {
    // 100 items from position 12 of an array, chunks of 6: cuts at positions 12 + 6k
    assertEquals(List.of("12-36", "36-60", "60-84", "84-112"), pieces(12, 112, 4, 6));
    // not aligned, automatic chunks
    assertEquals(List.of("12-37", "37-62", "62-87", "87-112"), pieces(12, 112, 4, 1));
    // more pieces than chunks: the empty ones are dropped, and every piece is whole chunks
    assertEquals(List.of("0-6", "6-12"), pieces(0, 12, 5, 6));
    // one chunk whose outputs do not fit: it is cut all the same, or it would never run
    assertEquals(List.of("0-2", "2-5", "5-8"), pieces(0, 8, 3, 6));
  }

  /** The pieces {@link OpenClDriver#pushPieces} makes of {@code [pos, end)}, in the order they run. */
  private static List<String> pieces(int pos, int end, int pieces, int chunk) {
    InputChunk c = new InputChunk();
    c.pos = pos;
    c.start = pos;
    c.end = end;
    Deque<InputChunk> work = new ArrayDeque<>();
    OpenClDriver.pushPieces(work, c, pieces, chunk);
    List<String> out = new ArrayList<>();
    while (!work.isEmpty()) {
      InputChunk p = work.pop();
      out.add(p.pos + "-" + p.end);
    }
    return out;
  }
}
