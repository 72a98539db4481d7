package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every node's factory is called at each run on every back end, a node without fields too
 * ({@link FactoryCalls}): one that returns null or throws fails the run the same way. The kernel
 * used to call only the factories of nodes with a {@code @Param} or {@code @State}, so on OpenCL a
 * null factory of a node without fields passed.
 */
class FactoryCallsTest {
  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void everyFactoryIsCalledAndANullOrAThrowFailsTheRun(String device) {
    Device d = OpenClAvailable.named(device);
    AtomicInteger calls = new AtomicInteger();
    FactoryCallsPipeline good = FactoryCallsPipeline.builder().device(d).instances(1)
        .plain(() -> {
          calls.incrementAndGet();
          return new FactoryCalls.Plain();
        })
        .tuned(() -> new FactoryCalls.Tuned(5)).build();
    assertEquals(10, good.runRange(0, 10).out().length);
    assertEquals(1, calls.get(), "one instance, one run: one call");
    good.runRange(0, 10);
    assertEquals(2, calls.get(), "called again at the next run");

    NullPointerException npe = assertThrows(NullPointerException.class,
        () -> FactoryCallsPipeline.builder().device(d).plain(() -> null).tuned(() -> new FactoryCalls.Tuned(5))
            .build().runRange(0, 10));
    assertEquals("pipeline FactoryCalls: the factory of node 'plain' returned null", npe.getMessage());

    IllegalArgumentException broke = new IllegalArgumentException("factory broke");
    IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
        () -> FactoryCallsPipeline.builder().device(d).plain(() -> {
          throw broke;
        }).tuned(() -> new FactoryCalls.Tuned(5)).build().runRange(0, 10));
    assertSame(broke, thrown);
    assertTrue(thrown.getMessage().contains("factory broke"));
  }

  /** A null device is refused where it is given, as a null factory is (it ran on Device.best() before). */
  @org.junit.jupiter.api.Test
  void aNullDeviceIsRefusedByTheBuilder() {
    NullPointerException npe = assertThrows(NullPointerException.class, () -> FactoryCallsPipeline.builder().device(null));
    assertEquals("device (the default is Device.best())", npe.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled"})
  void aFactoryThatGivesTwoInstancesOneObjectFailsTheRunOnTheCpu(String device) {
    // outside-in: two CPU instances then shared the object's @Reduce fields and counted twice; the
    // kernel reads one object per node, so OpenCL has nothing to refuse
    FactoryCalls.Tuned shared = new FactoryCalls.Tuned(5);
    FactoryCallsPipeline p = FactoryCallsPipeline.builder().device(OpenClAvailable.named(device)).instances(2).tuned(() -> shared)
        .build();
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> p.runRange(0, 10));
    assertEquals("pipeline FactoryCalls: the factory of node 'tuned' returned an object it had given another pipeline instance of this run;"
        + " @State and @Reduce live in the node object, so a factory must return a new one each time"
        + " (() -> new Tuned(...))", e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpuScheduled", "opencl"})
  void aFactoryThatGivesTwoRunsOneObjectFailsTheSecondEverywhere(String device) {
    // outside-in: on the CPU a second run went on from the object's @State where the kernel, which reads
    // the object afresh, started over; now the object is refused on every back end
    FactoryCalls.Tuned shared = new FactoryCalls.Tuned(5);
    FactoryCallsPipeline one = FactoryCallsPipeline.builder().device(OpenClAvailable.named(device)).instances(1).tuned(() -> shared)
        .build();
    assertEquals(10, one.runRange(0, 10).out().length);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> one.runRange(0, 10));
    assertEquals("pipeline FactoryCalls: the factory of node 'tuned' returned an object it had given an earlier run, or a run going on now;"
        + " @State and @Reduce live in the node object, which the CPU back ends carry from one run into the next and"
        + " OpenCL reads afresh, so a factory must return a new one each time (() -> new Tuned(...))", e.getMessage());
    // another pipeline object of the class, or of another class, does not make the object new again
    assertThrows(IllegalStateException.class, () -> FactoryCallsPipeline.builder().device(OpenClAvailable.named(device))
        .tuned(() -> shared).build().runRange(0, 10));
    // a new object at every run is what a factory is for
    FactoryCallsPipeline fresh = FactoryCallsPipeline.builder().device(OpenClAvailable.named(device)).instances(1)
        .tuned(() -> new FactoryCalls.Tuned(5)).build();
    assertEquals(10, fresh.runRange(0, 10).out().length);
    assertEquals(10, fresh.runRange(0, 10).out().length);
  }
}
