package dev.sluice.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import org.junit.jupiter.api.Test;

/**
 * A factory that cannot travel to the executors is refused where it is given, with what cannot; one
 * that can is taken as it is then (the bytes every executor reads), whatever the caller changes
 * afterwards.
 */
class FactoryCheckTest {
  /** Something a factory may capture by mistake: a connection, a cache. */
  static final class Connection {}

  /** Written without complaint, but its reading fails, as one whose invariants it checks there. */
  static final class Unreadable implements Serializable {
    private static final long serialVersionUID = 1L;

    private void readObject(ObjectInputStream in) throws IOException {
      throw new java.io.InvalidObjectException("this table was written by another version");
    }
  }

  @Test
  void aFactoryCapturingSomethingUnserializableIsRefusedClearly() {
    Connection c = new Connection();
    PipelineFactory<Object> bad = slot -> c;
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JavaForm.of(bad));
    assertTrue(e.getMessage().contains("must be serializable") && e.getMessage().contains("FactoryCheckTest$Connection"),
        e.getMessage());
  }

  /** One that can be written and not read back fails where it is given, not in every task (review helper-131). */
  @Test
  void aFactoryThatCannotBeReadBackIsRefusedWhereItIsGiven() {
    Unreadable u = new Unreadable();
    PipelineFactory<Object> bad = slot -> u;
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JavaForm.of(bad));
    assertTrue(e.getMessage().startsWith("the PipelineFactory given to SluiceSpark could not be read back from its"
        + " serialized form") && e.getMessage().contains("written by another version"), e.getMessage());
  }

  @Test
  void aFactoryCapturingValuesIsCopiedAsItIsWhenGiven() throws Exception {
    int[] table = {1, 2, 3};
    PipelineFactory<Object> good = slot -> table;
    byte[] bytes = JavaForm.of(good);
    // a change after SluiceSpark.of does not reach the tasks, in local mode as on a cluster (outside-in
    // helper-31: local mode handed tasks the driver's own object)
    table[1] = 1000;
    PipelineFactory<Object> read = JavaForm.factory(bytes, getClass().getClassLoader());
    assertArrayEquals(new int[] {1, 2, 3}, (int[]) read.build(null));
  }
}
