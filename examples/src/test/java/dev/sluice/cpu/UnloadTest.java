package dev.sluice.cpu;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.testing.ChildJvm;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An application that ran a pipeline on the CPU can be unloaded, as a server that reloads it does,
 * while the threads the runtime keeps between runs live on: on JDK 17 each kept thread held the
 * class loader of the application whose run made it, through the access-control context it
 * inherited (outside-in helper-86). In a fresh JVM ({@link UnloadChild}), so that the run makes
 * its threads itself.
 */
class UnloadTest {
  @ParameterizedTest
  @ValueSource(strings = {"cpu", "cpu:scheduled"})
  void anApplicationThatRanAPipelineCanBeUnloaded(String device) throws Exception {
    ChildJvm.Output o = ChildJvm.run(UnloadChild.class, List.of(), List.of(), Map.of(), device);
    long sum = 10_000L * 9_999;
    assertTrue(o.out().contains("application 2: " + sum + "\n"), o.out() + o.err());
    assertTrue(o.out().contains("kept threads: 2\n"), o.out() + o.err());
    assertTrue(o.out().contains("reachable loaders: 0\n"), o.out() + o.err());
  }
}
