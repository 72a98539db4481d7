package dev.sluice.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sluice.runtime.testing.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kernels are right as written, not only as an optimizing OpenCL compiler rewrites them: built
 * with {@code -cl-opt-disable} on Oclgrind (a simulator that interprets the program as compiled), a
 * pipeline of {@code long} comparisons whose differences overflow gives the CPU's results. The kernel
 * helpers that compare longs used to hold the comparison javac writes, which Aparapi prints as a
 * subtraction; only LLVM's optimizer turned it back into a comparison, and unoptimized, {@code
 * @Reduce(MAX)} over {5, -7, 1000, Long.MIN_VALUE, ...} was -7 (outside-in helper-101). A GPU driver
 * owes no such rewrite. Oclgrind is the Debian package {@code oclgrind}, which {@code .ci/run} installs;
 * its ICD is named only in the child's environment, so no other test sees the simulator.
 */
class UnoptimizedBuildTest {
  private static final Path OCLGRIND = Path.of("/usr/lib/oclgrind/liboclgrind-rt-icd.so");

  /**
   * The environment of a child JVM whose only OpenCL device is Oclgrind, its ICD named in {@code vendors};
   * aborts the test where Oclgrind is not installed, and fails it in CI.
   */
  static Map<String, String> oclgrindOnly(Path vendors) throws java.io.IOException {
    if (!Files.exists(OCLGRIND)) {
      // in CI a test that cannot run fails, as the OpenCL tests do without a device
      String missing = "Oclgrind is not installed (apt-get install oclgrind)";
      if ("1".equals(System.getenv("SLUICE_REQUIRE_OPENCL"))) {
        fail(missing);
      }
      Assumptions.abort(missing);
    }
    Files.writeString(vendors.resolve("oclgrind.icd"), OCLGRIND + "\n");
    String libjsig = Path.of(System.getProperty("java.home"), "lib", "libjsig.so").toString();
    return new java.util.HashMap<>(Map.of("OCL_ICD_VENDORS", vendors.toString(), "LD_PRELOAD", libjsig));
  }

  @Test
  void longComparisonsBuiltWithoutOptimizationAreJavas(@TempDir Path vendors) throws Exception {
    Map<String, String> env = oclgrindOnly(vendors);
    env.put("OCLGRIND_BUILD_OPTIONS", "-cl-opt-disable");
    ChildJvm.Output o = ChildJvm.run(UnoptimizedBuildChild.class, List.of(), List.of(), env);
    String[] lines = o.out().strip().split("\n");
    assertEquals(2, lines.length, o.out() + o.err());
    assertEquals(lines[0].replaceFirst("^cpu: ", ""), lines[1].replaceFirst("^opencl: ", ""), o.err());
    assertEquals("cpu: most 9223372036854775807, least -9223372036854775808, below 7, out [-9223372036854775806,"
        + " -9223372036854775802, -4294967296, -4294967296, -4294967295, -1000, -42, -7, -5, -3, -3, -1, 0, 0, 5, 42,"
        + " 1000, 4294967295, 4294967296, 9223372036854775806, 9223372036854775807]", lines[0]);
  }
}
