package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.DeviceUnavailableException;
import dev.sluice.runtime.input.InputChunk;
import dev.sluice.runtime.input.InputCursor;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A kernel that fails after the run took input gives way to the CPU back end only where the CPU can
 * read that input again: not a runChunks stream, whose iterator gave its arrays once (helper-54: the
 * CPU run went on from where the OpenCL attempt had left the iterator and returned a result without
 * those arrays' items).
 */
class FallbackAfterInputTest {
  private static final Kernels.KernelException FAILED = new Kernels.KernelException("kernel K failed on D: boom", null);

  @Test
  void arraysAndRangesAreReadAgain() {
    InputCursor array = InputCursor.of(new int[10], 10, 4);
    array.claim(new InputChunk());
    assertTrue(array.readableAgain());
    assertSame(FAILED, OpenClDriver.afterInput("P", Device.cpu(), array, FAILED));
    InputCursor range = InputCursor.range(0, 10, 4);
    range.claim(new InputChunk());
    assertSame(FAILED, OpenClDriver.afterInput("P", Device.cpu(), range, FAILED));
  }

  @Test
  void aStreamThatGaveAnArrayIsNot() {
    InputCursor stream = InputCursor.stream(List.of(new int[3], new int[3]).iterator(), a -> a.length, 4);
    assertTrue(stream.readableAgain(), "nothing pulled yet: the CPU back end reads it all");
    assertSame(FAILED, OpenClDriver.afterInput("P", Device.cpu(), stream, FAILED));
    assertTrue(stream.claim(new InputChunk()));
    assertFalse(stream.readableAgain());
    RuntimeException e = OpenClDriver.afterInput("P", Device.cpu(), stream, FAILED);
    assertInstanceOf(DeviceUnavailableException.class, e);
    assertSame(FAILED, e.getCause());
    assertEquals("P failed on " + Device.cpu() + " after taking arrays from the input iterator, which does not give"
        + " them again, so it cannot run on the CPU back end instead: kernel K failed on D: boom", e.getMessage());
  }
}
