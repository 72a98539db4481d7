package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.testing.ChildJvm;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kernel whose work-group arrays need more local memory than the device has is refused before the
 * launch, naming both sizes and the way out. The launch failed with {@code CL_OUT_OF_RESOURCES},
 * which Aparapi's fallback hid behind an error of its own ("user supplied Device incompatible"):
 * outside-in helper-101 saw it with a width-1024 pipeline against NVIDIA's 48 KiB, simulated on
 * Oclgrind. Here Oclgrind (as in {@link UnoptimizedBuildTest}) is given 256 bytes of local memory.
 */
class LocalMemoryTest {
  @Test
  void aKernelOverTheDevicesLocalMemoryIsRefusedWithBothSizes(@TempDir Path vendors) throws Exception {
    Map<String, String> env = UnoptimizedBuildTest.oclgrindOnly(vendors);
    env.put("OCLGRIND_LOCAL_MEM_SIZE", "256");
    ChildJvm.Output o = ChildJvm.run(LocalMemoryChild.class, List.of(), List.of(), env);
    String[] lines = o.out().strip().split("\n");
    assertEquals(2, lines.length, o.out() + o.err());
    assertTrue(lines[0].matches("DeviceUnavailableException: .*LongOrder needs [0-9,]+ bytes of local memory per"
        + " work-group at width 8, more than the 256 of .*Oclgrind.*; lower @Pipeline\\(width\\) .*"), lines[0]);
    assertEquals("cpu: 6", lines[1]);
  }
}
