package dev.sluice.runtime.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A plan cannot change once built: every back end and the generated code run with the numbers the
 * processor wrote. Outside-in helper-92 wrote {@code PLAN.queueCapacity[1] = 3}: the scheduled executor
 * and the kernel ran with it, the direct executor, which has the numbers as literals, did not.
 */
class ReadOnlyPlanTest {
  @Test
  void publicFieldsAreFinalAndImmutable() {
    Set<Class<?>> immutable = Set.of(String.class, int.class);
    for (Field f : PipelinePlan.class.getDeclaredFields()) {
      if (Modifier.isPublic(f.getModifiers())) {
        assertTrue(Modifier.isFinal(f.getModifiers()), f.getName());
        assertTrue(immutable.contains(f.getType()), f.getName() + " is a " + f.getType().getSimpleName());
      }
    }
  }

  @Test
  void arraysHandedOutAreCopies() {
    PipelinePlan plan = PipelinePlan.builder("Two", 4, 8).source("in", 1).transform("a", 0, 0, 16, 4)
        .sink("out").edge("in", "in", "a", 4).edge("a", "out", "out", 4).build();
    int[] order = plan.priority();
    int[] edges = plan.outEdges(0);
    String[] channels = plan.stageChannels(0);
    order[0] = 99;
    edges[0] = 99;
    channels[0] = "changed";
    assertEquals(plan.stageCount(), plan.priority().length);
    assertTrue(plan.priority()[0] != 99 && plan.outEdges(0)[0] != 99);
    assertArrayEquals(new String[] {plan.stageName(0)}, plan.stageChannels(0), "the source's one channel");
  }
}
