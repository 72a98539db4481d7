package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.protocol.Failures;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A failure report quotes the failing item's {@code toString()}, user code that may itself fail: the
 * run still fails with the node's own exception, naming the node, on every back end (outside-in: a
 * throwing {@code toString()} blamed the source on the CPU, and escaped bare from the library on
 * the scheduled executor and OpenCL).
 */
class LoudItemsTest {
  private static List<Device> devices() {
    List<Device> out = new ArrayList<>(List.of(Device.cpu(), Device.cpuScheduled()));
    out.add(OpenClAvailable.device());
    return out;
  }

  private static PipelineException failure(Device device, int kind) {
    LoudItems.Loud[] in = new LoudItems.Loud[300];
    for (int i = 0; i < in.length; i++) {
      in[i] = new LoudItems.Loud(i == 123 ? 0 : i + 1, kind);
    }
    LoudItemsPipeline p = LoudItemsPipeline.builder().device(device).maxSteps(10_000_000L).build();
    return assertThrows(PipelineException.class, () -> p.run(in), device.name());
  }

  @Test
  void aToStringThatThrowsIsSaidSoAndTheNodesFailureStands() {
    for (Device d : devices()) {
      PipelineException e = failure(d, 1);
      assertEquals("check", e.node(), d.name());
      assertInstanceOf(ArithmeticException.class, e.getCause(), d.name());
      assertTrue(e.item().matches("dev\\.sluice\\.opencl\\.LoudItems\\$Loud@[0-9a-f]+ \\(its toString\\(\\) threw"
          + " java\\.lang\\.IllegalStateException\\)"), d.name() + ": " + e.item());
    }
  }

  @Test
  void aToStringThatReturnsNullIsSaidSo() {
    for (Device d : devices()) {
      PipelineException e = failure(d, 2);
      assertEquals("check", e.node(), d.name());
      assertTrue(e.item().endsWith(" (its toString() returned null)"), d.name() + ": " + e.item());
    }
  }

  @Test
  void aLongToStringIsCut() {
    for (Device d : devices()) {
      PipelineException e = failure(d, 3);
      assertEquals("x".repeat(Failures.MAX_TEXT) + "... (5000 characters)", e.item(), d.name());
    }
  }
}
