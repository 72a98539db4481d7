package dev.sluice.runtime.cpu;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The scheduled executor refuses at once a run whose instances' queues alone exceed the heap's maximum
 * (outside-in helper-42: width 65,536 and queueScale 256 with 1,000 instances took 25 s to fail), and
 * only such a run: 4 bytes a slot is a lower bound.
 */
class QueuesOverHeapTest {
  @Test
  void queuesOverTheHeapAreRefusedNamingTheFigures() {
    long slots = 0;
    for (int s = 0; s < OneNodePipeline.PLAN.stageCount(); s++) {
      slots += OneNodePipeline.PLAN.queueCapacity(s);
    }
    long fits = slots * 4 * 1000;
    assertDoesNotThrow(() -> CpuDriver.refuseQueuesOverHeap(OneNodePipeline.PLAN, 1000, fits));
    long slotCount = slots;
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> CpuDriver.refuseQueuesOverHeap(OneNodePipeline.PLAN, 1000, fits - 1));
    assertTrue(e.getMessage().startsWith("OneNode: the queues and parent buffers of 1,000 instances take at least "), e.getMessage());
    assertTrue(e.getMessage().contains(String.format(java.util.Locale.ROOT, "(%,d slots each), more than the"
        + " heap's maximum of ", slotCount)), e.getMessage());
    assertTrue(e.getMessage().endsWith("or give the JVM more heap (-Xmx)"), e.getMessage());
  }

  /** A region's parent buffer counts as its queue does (outside-in helper-80). */
  @Test
  void parentBuffersCountToo() {
    dev.sluice.runtime.plan.PipelinePlan plan = dev.sluice.runtime.plan.PipelinePlan.builder("Parents", 4, 4)
        .source("src", 0).enumerate("each", 1, 1, 8, 4, 1).region(1, "each", 1 << 24, 1, Integer.MAX_VALUE)
        .sink("out").edge("src", "src", "each", 4).edge("each", "elements", "out", 4).build();
    long slots = 8 + (1 << 24);
    assertDoesNotThrow(() -> CpuDriver.refuseQueuesOverHeap(plan, 64, slots * 4 * 64));
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> CpuDriver.refuseQueuesOverHeap(plan, 64, slots * 4 * 64 - 1));
    assertTrue(e.getMessage().contains(String.format(java.util.Locale.ROOT, "(%,d slots each)", slots)),
        e.getMessage());
  }

  /** On the scheduled executor too, instances(Integer.MAX_VALUE) is the count's error, not the queues' (review). */
  @Test
  void theCountsBoundComesFirst() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new OneNodePipeline(x -> { }).run(true,
        Integer.MAX_VALUE, 1, null, dev.sluice.runtime.input.InputCursor.range(0, 4, 1)));
    assertTrue(e.getMessage().startsWith("OneNode: instances(2147483647): the CPU back end runs at most 32767"),
        e.getMessage());
  }
}
