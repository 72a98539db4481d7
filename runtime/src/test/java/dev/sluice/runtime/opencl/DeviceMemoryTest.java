package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.opencl.DeviceMemory.Model;
import org.junit.jupiter.api.Test;

/** The per-device memory decision: model, budget and slice size, from a device's facts alone. */
class DeviceMemoryTest {
  private static final long GIB = 1L << 30;
  private static final long MIB = 1L << 20;

  @Test
  void aCpuDeviceSharesHostMemoryAndAGpuHasItsOwn() {
    DeviceMemory cpu = DeviceMemory.decide(true, 16 * GIB, 4 * GIB, 64 * GIB, null, null);
    DeviceMemory gpu = DeviceMemory.decide(false, 80 * GIB, 20 * GIB, 64 * GIB, "", " ");
    assertEquals(Model.SHARED, cpu.model());
    assertEquals(DeviceMemory.Model.SHARED, cpu.model());
    assertEquals(Model.DISCRETE, gpu.model());
    assertEquals(DeviceMemory.Model.DISCRETE, gpu.model());
    assertFalse(gpu.forced());
    assertTrue(gpu.describe().startsWith("discrete (device-resident buffers)"), gpu.describe());
  }

  @Test
  void aDiscreteDevicesBuffersStayAtMost256MiB() {
    // an H200 allows 35 GiB buffers, but a 1.2 GB one failed there (CL_OUT_OF_HOST_MEMORY)
    assertEquals(256 * MIB, DeviceMemory.decide(false, 140 * GIB, 35 * GIB, 32 * GIB, null, null).maxBufferBytes());
    // a device on the CPU (PoCL) says 4 GiB, but a buffer of more than 2^31 bytes fails through Aparapi
    // (outside-in: a sink grown to 2.2 GB failed in clCreateBuffer and Aparapi fell back to Java)
    assertEquals(Integer.MAX_VALUE, DeviceMemory.decide(true, 16 * GIB, 4 * GIB, 64 * GIB, null, null).maxBufferBytes());
    assertEquals(GIB, DeviceMemory.decide(true, 16 * GIB, GIB, 64 * GIB, null, null).maxBufferBytes());
    assertEquals(64 * MIB, DeviceMemory.decide(false, 140 * GIB, 35 * GIB, 32 * GIB, null, "64m").maxBufferBytes());
    // a slice whose input would need a larger buffer is cut: 4-byte items, 256 MiB
    assertEquals(64 * (int) MIB, DeviceMemory.decide(false, 140 * GIB, 35 * GIB, 32 * GIB, null, null)
        .sliceItems("p", "d", 0, 4, 4, Integer.MAX_VALUE, 64));
  }

  @Test
  void budgetIsThreeQuartersOfTheDeviceAndAtMostHalfTheHeap() {
    assertEquals(12 * GIB, DeviceMemory.decide(false, 16 * GIB, 4 * GIB, 64 * GIB, null, null).budgetBytes());
    assertEquals(2 * GIB, DeviceMemory.decide(false, 16 * GIB, 4 * GIB, 4 * GIB, null, null).budgetBytes());
    assertEquals(2 * GIB, DeviceMemory.decide(false, 16 * GIB, 4 * GIB, 64 * GIB, null, null).withBudget(2 * GIB)
        .budgetBytes());
  }

  /**
   * Where half the heap limits the budget, the report says so and a no-room message asks for more
   * heap: "set sluice.opencl.budget if the device has more" named neither (outside-in helper-111).
   */
  @Test
  void aBudgetThatTheHeapLimitsSaysSo() {
    DeviceMemory small = DeviceMemory.decide(true, 8 * GIB, 2 * GIB, 128 * MIB, null, null);
    assertEquals(64 * MIB, small.budgetBytes());
    assertEquals("shared (host-memory buffers), budget 64.0 MiB (half the JVM's heap) of 8192.0 MiB global", small.describe());
    assertEquals("give the JVM more heap (-Xmx: the budget is at most half of it unless sluice.opencl.budget is set)",
        small.more());
    DeviceMemory large = DeviceMemory.decide(true, 8 * GIB, 2 * GIB, 64 * GIB, null, null);
    assertEquals("shared (host-memory buffers), budget 6144.0 MiB of 8192.0 MiB global", large.describe());
    assertEquals("set sluice.opencl.budget if the device has more", large.more());
    DeviceMemory set = DeviceMemory.decide(true, 8 * GIB, 2 * GIB, 128 * MIB, null, "32m");
    assertEquals("set sluice.opencl.budget if the device has more", set.more(), "a budget set is the user's");
    Exception e = assertThrows(Exception.class,
        () -> small.sliceItems("P", "opencl:0", 63 * MIB, 1 << 20, 4, 1 << 20, 64));
    assertTrue(e.getMessage().endsWith("give the JVM more heap (-Xmx: the budget is at most half of it unless"
        + " sluice.opencl.budget is set)"), e.getMessage());
  }

  @Test
  void settingsOverrideTheDetectedModelAndBudget() {
    DeviceMemory integrated = DeviceMemory.decide(false, 8 * GIB, 2 * GIB, 8 * GIB, " Shared ", "512m");
    assertEquals(Model.SHARED, integrated.model());
    assertTrue(integrated.forced());
    assertEquals(512 * MIB, integrated.budgetBytes());
    assertTrue(integrated.describe().startsWith("shared as set (host-memory buffers)"), integrated.describe());
    assertEquals(3 * GIB, DeviceMemory.parseBytes("3g"));
    assertEquals(64 * 1024, DeviceMemory.parseBytes("64K"));
    assertEquals(1000, DeviceMemory.parseBytes("1000"));
    assertEquals(1000, DeviceMemory.parseBytes("1000b"), "b for bytes (outside-in helper-116: refused)");
  }

  @Test
  void badSettingsAreErrorsNamingTheSetting() {
    IllegalArgumentException model = assertThrows(IllegalArgumentException.class,
        () -> DeviceMemory.decide(true, GIB, GIB, GIB, "unified", null));
    assertTrue(model.getMessage().contains("'unified'") && model.getMessage().contains(DeviceMemory.PROPERTY),
        model.getMessage());
    for (String bad : new String[] {"lots", "-5m", "0", "12t", "0g", "99999999999g", "99999999999999999999g"}) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> DeviceMemory.decide(true, GIB, GIB, GIB, null, bad), bad);
      assertTrue(e.getMessage().contains(DeviceMemory.BUDGET_PROPERTY) && e.getMessage().contains(bad), e.getMessage());
      // a number too large for a long is not said to be negative or malformed (outside-in helper-52),
      // however many digits it has (helper-116: twenty were "not positive")
      assertEquals(bad.startsWith("9999"), e.getMessage().contains("more bytes than a long holds"), e.getMessage());
    }
  }

  @Test
  void slicesTakeHalfOfWhatTheQueuesLeave() {
    DeviceMemory m = DeviceMemory.decide(false, 16 * GIB, 4 * GIB, 64 * GIB, null, "100m");
    // 100 MiB budget, 20 MiB held: 40 MiB for input, at 8 bytes an item
    assertEquals(40 * MIB / 8, m.sliceItems("P", "dev", 20 * MIB, 8, 8, Integer.MAX_VALUE, 64));
    assertEquals(1 << 22, m.sliceItems("P", "dev", 20 * MIB, 8, 8, 1 << 22, 64), "never more than asked for");
    // the largest buffer bounds the widest column
    DeviceMemory narrow = DeviceMemory.decide(false, 16 * GIB, 8 * MIB, 64 * GIB, null, "1g");
    assertEquals(MIB, narrow.sliceItems("P", "dev", 0, 12, 8, Integer.MAX_VALUE, 64));
  }

  @Test
  void queuesLargerThanTheBudgetAreAnErrorNamingTheSizes() {
    DeviceMemory m = DeviceMemory.decide(false, 16 * GIB, 4 * GIB, 64 * GIB, null, "10m");
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> m.sliceItems("BigQueuesPipeline", "OpenCL Some GPU", 10 * MIB - 100, 8, 8, 1 << 20, 128));
    // 100 bytes short of the budget: "10.0 MiB" twice would read as equal (helper-109), so in bytes
    assertTrue(e.getMessage().startsWith("BigQueuesPipeline needs 10485660 bytes of device memory"), e.getMessage());
    assertTrue(e.getMessage().contains("its budget on OpenCL Some GPU is 10485760 bytes"), e.getMessage());
    assertTrue(e.getMessage().contains(DeviceMemory.BUDGET_PROPERTY), e.getMessage());
  }

  @Test
  void groupsTimesTheirBuffersMustBeJavaArraysWithinTheBudget() {
    DeviceMemory big = DeviceMemory.decide(false, 1L << 40, 1L << 40, 1L << 40, null, null);
    // 2^24 items per group fit 127 groups in one Java array, not 128, whatever the budget
    big.checkGroups("P", "dev", 127, new long[] {1 << 24, 100});
    IllegalStateException arrays = assertThrows(IllegalStateException.class,
        () -> big.checkGroups("P", "dev", 128, new long[] {1 << 24, 100}));
    assertTrue(arrays.getMessage().contains("128 work-groups") && arrays.getMessage().contains("2147483648 items")
        && arrays.getMessage().contains("use fewer instances"), arrays.getMessage());
    IllegalStateException one = assertThrows(IllegalStateException.class,
        () -> DeviceMemory.decide(false, 16 * GIB, 4 * GIB, 64 * GIB, null, "1k").checkGroups("P", "dev", 1, new long[] {1000}));
    assertTrue(one.getMessage().contains("of 1 work-group (1000 items per group"), one.getMessage());
    // a floor, said as one: the run's @Param arrays, sinks and input come on top (outside-in helper-116:
    // a budget of the figure given was refused again with one seven times larger)
    assertTrue(one.getMessage().contains("needs more than 4000 bytes") && one.getMessage().contains("is 1024 bytes")
        && one.getMessage().contains("before its @Param arrays, sinks and input are counted"), one.getMessage());
    // and the bytes, at 4 an item at least, must fit the budget: 64 MiB per group in a 1 GiB budget
    DeviceMemory gib = big.withBudget(GIB);
    gib.checkGroups("P", "dev", 16, new long[] {1 << 24});
    IllegalStateException budget = assertThrows(IllegalStateException.class,
        () -> gib.checkGroups("P", "dev", 17, new long[] {1 << 24}));
    assertTrue(budget.getMessage().contains("budget on dev is 1024.0 MiB"), budget.getMessage());
    // products past a long are still an error, not a wrap
    assertThrows(IllegalStateException.class,
        () -> big.checkGroups("P", "dev", Integer.MAX_VALUE, new long[] {Long.MAX_VALUE / 2, Long.MAX_VALUE / 2}));
  }
}
