package dev.sluice.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A factory that cannot travel to the executors is refused where it is given, with what cannot; one
 * that can is taken as it is then (a copy), whatever the caller changes afterwards.
 */
class FactoryCheckTest {
  /** Something a factory may capture by mistake: a connection, a cache. */
  static final class Connection {}

  @Test
  void aFactoryCapturingSomethingUnserializableIsRefusedClearly() {
    Connection c = new Connection();
    PipelineFactory<Object> bad = slot -> c;
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SluiceSpark.snapshot(bad));
    assertTrue(e.getMessage().contains("must be serializable") && e.getMessage().contains("FactoryCheckTest$Connection"),
        e.getMessage());
  }

  @Test
  void aFactoryCapturingValuesIsCopiedAsItIsWhenGiven() throws Exception {
    int[] table = {1, 2, 3};
    PipelineFactory<Object> good = slot -> table;
    PipelineFactory<Object> copy = SluiceSpark.snapshot(good);
    // a change after SluiceSpark.of does not reach the tasks, in local mode as on a cluster (outside-in
    // helper-31: local mode handed tasks the driver's own object)
    table[1] = 1000;
    assertArrayEquals(new int[] {1, 2, 3}, (int[]) copy.build(null));
  }
}
