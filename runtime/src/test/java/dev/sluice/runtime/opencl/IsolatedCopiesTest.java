package dev.sluice.runtime.opencl;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.testing.ChildJvm;
import dev.sluice.runtime.testing.OpenClAvailable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Applications that each load their own copy of Sluice and Aparapi in one JVM (an application
 * server, a plugin host) and start OpenCL at the same moment: two copies of Aparapi's native layer
 * listing the platforms at once crashed the JVM (SIGSEGV) in about one start in three (outside-in
 * helper-86); {@link OpenClDevices} lists them under a lock all copies share.
 */
class IsolatedCopiesTest {
  @Test
  void copiesInTheirOwnClassLoadersListTheDevicesAtOnce() throws Exception {
    int devices = OpenClAvailable.devices().size();
    for (int round = 0; round < 3; round++) {
      // a crash fails ChildJvm.run with the JVM's exit status and its error report
      ChildJvm.Output o = ChildJvm.run(IsolatedCopiesChild.class, List.of(), List.of(), Map.of(), "4");
      for (int c = 0; c < 4; c++) {
        assertTrue(o.out().contains("copy " + c + ": " + devices + "\n"), "round " + round + ":\n" + o.out() + o.err());
      }
    }
  }
}
