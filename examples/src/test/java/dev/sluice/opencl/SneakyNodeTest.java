package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.PipelineException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A checked exception from node code that no signature declares fails the run naming the node and
 * the item, as an unchecked one does ({@link SneakyNode}); it used to end the instance quietly and
 * the run returned the items before it.
 */
class SneakyNodeTest {
  @ParameterizedTest
  @CsvSource({"false, 1", "false, 2", "true, 1", "true, 2"})
  void aCheckedExceptionNamesNodeAndItem(boolean scheduled, int instances) {
    SneakyNodePipeline p = SneakyNodePipeline.builder().device(scheduled ? Device.cpuScheduled() : Device.cpu())
        .instances(instances).maxSteps(10_000_000L).build();
    PipelineException e = assertThrows(PipelineException.class, () -> p.runRange(0, 1000));
    assertEquals("thrower", e.node());
    assertEquals("500", e.item());
    assertInstanceOf(java.io.IOException.class, e.getCause());
    assertEquals("disk gone at 500", e.getCause().getMessage());
  }
}
