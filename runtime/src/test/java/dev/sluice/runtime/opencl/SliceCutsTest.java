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

  /** A slice set smaller than the chunk size is one chunk (outside-in helper-108: 7 against chunks of 15). */
  @Test
  void aSliceSetBelowTheChunkSizeIsOneChunk() {
    String before = System.getProperty(OpenClDriver.SLICE_PROPERTY);
    try {
      System.setProperty(OpenClDriver.SLICE_PROPERTY, "7");
      assertEquals(15, OpenClDriver.sliceItems(chunk(15)));
      assertEquals(35, OpenClDriver.sliceItems(chunk(35)));
      assertEquals(6, OpenClDriver.sliceItems(chunk(6)), "above a chunk: whole chunks");
      assertEquals(7, OpenClDriver.sliceItems(chunk(RunOptions.AUTOMATIC_CHUNK)), "automatic chunks: as set");
    } finally {
      if (before == null) {
        System.clearProperty(OpenClDriver.SLICE_PROPERTY);
      } else {
        System.setProperty(OpenClDriver.SLICE_PROPERTY, before);
      }
    }
  }

  /** A slice past int is too large, not "not positive" (outside-in helper-116); zero and words are not positive integers. */
  @Test
  void aSliceSetPastIntSaysSo() {
    String before = System.getProperty(OpenClDriver.SLICE_PROPERTY);
    try {
      for (String set : new String[] {"3000000000", "0", "-4", "many"}) {
        System.setProperty(OpenClDriver.SLICE_PROPERTY, set);
        String m = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> OpenClDriver.sliceItems(chunk(15))).getMessage();
        assertEquals(OpenClDriver.SLICE_PROPERTY + (set.equals("3000000000") ? " is at most 2147483647 items"
            : " must be a positive integer") + ", not '" + set + "'", m);
      }
    } finally {
      if (before == null) {
        System.clearProperty(OpenClDriver.SLICE_PROPERTY);
      } else {
        System.setProperty(OpenClDriver.SLICE_PROPERTY, before);
      }
    }
  }

  @Test
  void piecesBeginWhereChunksDo() {
    // 100 items from position 12 of an array in parts of at most a quarter, chunks of 6: parts of 24
    assertEquals(List.of("12-36", "36-60", "60-84", "84-108", "108-112"), pieces(12, 112, 4, 6));
    // automatic chunks: four parts of nearly equal size
    assertEquals(List.of("12-37", "37-62", "62-87", "87-112"), pieces(12, 112, 4, 1));
    // a part must be smaller than one chunk, whose outputs alone do not fit: cut all the same, or it
    // would never run
    assertEquals(List.of("0-2", "2-4", "4-7", "7-9", "9-12"), pieces(0, 12, 5, 6));
    // which the driver runs in group 0 alone, as one instance runs a chunk on the CPU
    org.junit.jupiter.api.Assertions.assertTrue(cutsInside(0, 12, 5, 6), "parts of one chunk");
    org.junit.jupiter.api.Assertions.assertFalse(cutsInside(12, 112, 4, 6), "whole chunks");
    org.junit.jupiter.api.Assertions.assertFalse(cutsInside(12, 112, 4, 1), "automatic chunks");
  }

  private static boolean cutsInside(int pos, int end, int pieces, int chunk) {
    InputChunk c = new InputChunk();
    c.pos = pos;
    c.start = pos;
    c.end = end;
    return OpenClDriver.pushPieces(new ArrayDeque<>(), c, pieces, chunk);
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
