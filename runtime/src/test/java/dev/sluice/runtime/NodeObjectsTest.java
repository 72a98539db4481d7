package dev.sluice.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NodeObjectsTest {
  /** A node class whose objects are all equal: the rule is about the object, not its value. */
  static final class AllEqual {
    @Override
    public boolean equals(Object o) {
      return o instanceof AllEqual;
    }

    @Override
    public int hashCode() {
      return 1;
    }
  }

  @Test
  void anObjectIsGivenToOneRunAndEqualOnesAreStillNew() {
    AllEqual a = new AllEqual();
    assertSame(a, NodeObjects.made(a, null, "n"));
    AllEqual b = new AllEqual();
    assertSame(b, NodeObjects.made(b, null, "n"), "an equal object is another object");
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> NodeObjects.made(a, null, "n"));
    assertTrue(e.getMessage().startsWith("the factory of node 'n' returned an object it had given an earlier run"),
        e.getMessage());
    assertTrue(e.getMessage().endsWith("(() -> new AllEqual(...))"), e.getMessage());
    NullPointerException npe = assertThrows(NullPointerException.class, () -> NodeObjects.made(null, null, "m"));
    assertEquals("the factory of node 'm' returned null", npe.getMessage());
  }

  @Test
  void objectsTheCollectorTookAreForgotten() throws InterruptedException {
    int before = NodeObjects.remembered();
    java.util.List<Object> held = new java.util.ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      held.add(NodeObjects.made(new Object(), null, "n"));
    }
    System.gc();
    assertEquals(before + 10_000, NodeObjects.remembered(), "remembered while held");
    held = null;
    // none of the 10,000 is held now: the collector takes them and the set forgets them
    for (int tries = 0; tries < 100 && NodeObjects.remembered() > before + 100; tries++) {
      System.gc();
      Thread.sleep(10);
    }
    assertTrue(NodeObjects.remembered() <= before + 100, "remembered: " + NodeObjects.remembered());
  }
}
