package dev.sluice.runtime.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.input.InputChunk;
import dev.sluice.runtime.input.InputCursor;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The automatic chunk size's claims, and the choice of CPU executor. */
class InPiecesTest {
  @Test
  void piecesCoverTheInputOnceInOrderAndNoneIsLargerThanItsShare() {
    for (int length : new int[] {1, 7, 36, 565, 100_000}) {
      for (int parts : new int[] {1, 16, 64}) {
        InputCursor cursor = InputCursor.of(new int[length], length, RunOptions.DEFAULT_CHUNK).inPieces(parts);
        int most = (length + parts - 1) / parts;
        int next = 0;
        InputChunk c = new InputChunk();
        while (cursor.claim(c)) {
          assertEquals(next, c.pos, "pieces follow each other");
          assertTrue(c.remaining() >= 1 && c.remaining() <= most, c + " within 1.." + most);
          next = c.end;
        }
        assertEquals(length, next, "every item claimed once");
        assertEquals(length, cursor.total());
      }
    }
  }

  @Test
  void piecesShrinkAsTheInputDrainsSoTheLastAreSingleItems() {
    int length = 565;
    int parts = 16;
    InputCursor cursor = InputCursor.of(new int[length], length, RunOptions.DEFAULT_CHUNK).inPieces(parts);
    InputChunk c = new InputChunk();
    int unclaimed = length;
    int claims = 0;
    int last = Integer.MAX_VALUE;
    while (cursor.claim(c)) {
      assertEquals((unclaimed + parts - 1) / parts, c.remaining(), "a share of what is left at " + c.pos);
      assertTrue(c.remaining() <= last, "pieces do not grow");
      last = c.remaining();
      unclaimed -= c.remaining();
      claims++;
    }
    assertEquals(0, unclaimed);
    assertEquals(1, last, "the last piece is one item");
    // about parts x ln(length / parts) claims of shrinking pieces, then parts single items
    assertTrue(claims <= parts * (Math.log((double) length / parts) + 2), claims + " claims");
  }

  @Test
  void aStreamOfUnknownLengthIsClaimedAsItComes() {
    InputCursor stream = InputCursor.stream(List.of(new int[10]).iterator(), a -> a.length, 4);
    assertSame(stream, stream.inPieces(16));
  }

  @Test
  void automaticChunksClaimTheDefaultAndASetSizeIsKept() {
    RunOptions automatic = RunOptions.defaults();
    assertTrue(automatic.automaticChunks());
    assertEquals(RunOptions.DEFAULT_CHUNK, automatic.claimSize());
    RunOptions set = new RunOptions(null, 2, 700, 1);
    assertFalse(set.automaticChunks());
    assertEquals(700, set.claimSize());
  }

  @Test
  void theCpuExecutorIsChosenByTheDevice() {
    assertFalse(Device.cpu().scheduled());
    assertEquals("direct calls", Device.cpu().cpuExecutor());
    assertTrue(Device.cpuScheduled().scheduled());
    assertTrue(Device.named("cpu:scheduled").scheduled());
    assertFalse(Device.named("jvm").scheduled());
    assertEquals(Device.Kind.JVM, Device.cpuScheduled().kind());
    assertTrue(Device.cpu().name().endsWith(", direct calls)"), Device.cpu().name());
    assertTrue(Device.cpuScheduled().name().endsWith(", scheduled)"), Device.cpuScheduled().name());
  }
}
