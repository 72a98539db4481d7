package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A failure inside a region names the parent the node was working on, the same on every back end:
 * an element index or "signal END(1)" alone does not say which input item it belongs to
 * (outside-in finding).
 */
class FailingRegionTest {
  private static FailingRegion.Span[] spans() {
    FailingRegion.Span[] in = new FailingRegion.Span[200];
    for (int i = 0; i < in.length; i++) {
      in[i] = new FailingRegion.Span(i, i == 42 ? 7 : 2);
    }
    return in;
  }

  private static PipelineException failure(Device device, int op) {
    FailingRegionPipeline p = FailingRegionPipeline.builder().check(() -> new FailingRegion.Check(op)).device(device)
        .maxSteps(10_000_000L).build();
    return assertThrows(PipelineException.class, () -> p.run(spans()), device.name());
  }

  private static void namesTheParent(int op, String item) {
    for (Device d : List.of(Device.cpu(), Device.cpuScheduled(), OpenClAvailable.device())) {
      PipelineException e = failure(d, op);
      assertEquals("check", e.node(), d.name());
      assertEquals(item, e.item(), d.name());
      assertInstanceOf(ArithmeticException.class, e.getCause(), d.name());
      assertTrue(e.getMessage().startsWith("pipeline FailingRegion, node 'check', item " + item
          + ": ArithmeticException: / by zero (in the region of parent Span[id=42, n=7])"), d.name() + ": " + e.getMessage());
    }
  }

  @Test
  void anElementsFailureNamesItsParent() {
    namesTheParent(0, "3");
  }

  @Test
  void aHandlersFailureNamesItsParent() {
    namesTheParent(1, "signal END(1)");
  }
}
