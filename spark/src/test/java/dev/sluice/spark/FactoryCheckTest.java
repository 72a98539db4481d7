package dev.sluice.spark;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A factory that cannot travel to the executors is refused where it is given, with what cannot. */
class FactoryCheckTest {
  /** Something a factory may capture by mistake: a connection, a cache. */
  static final class Connection {}

  @Test
  void aFactoryCapturingSomethingUnserializableIsRefusedClearly() {
    Connection c = new Connection();
    PipelineFactory<Object> bad = slot -> c;
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SluiceSpark.requireSerializable(bad));
    assertTrue(e.getMessage().contains("must be serializable") && e.getMessage().contains("FactoryCheckTest$Connection"),
        e.getMessage());
  }

  @Test
  void aFactoryCapturingValuesPasses() {
    int[] table = {1, 2, 3};
    PipelineFactory<Object> good = slot -> table;
    assertDoesNotThrow(() -> SluiceSpark.requireSerializable(good));
  }
}
