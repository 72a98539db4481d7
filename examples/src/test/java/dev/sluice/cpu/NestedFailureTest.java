package dev.sluice.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.PipelineException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run of another pipeline that fails inside node code is that node's failure: the outer run's
 * exception names its own pipeline, node and item, with the inner one as the cause (outside-in
 * helper-33: the inner {@code PipelineException} came out as it was, naming the inner pipeline alone,
 * since the CPU executors passed on every {@code PipelineException} as one they had named already).
 */
class NestedFailureTest {
  @AfterEach
  void noHook() {
    Relay.Calls.hook = x -> { };
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void aFailedRunInsideNodeCodeIsThatNodesFailure(boolean scheduled) {
    Device device = scheduled ? Device.cpuScheduled() : Device.cpu();
    AtomicReference<PipelineException> inner = new AtomicReference<>();
    Relay.Calls.hook = x -> {
      if (x == 77) {
        try {
          RelayPipeline.builder().device(device).instances(1).build().run(new int[] {-1, -2, -3});
        } catch (PipelineException e) {
          inner.set(e);
          throw e;
        }
      }
      if (x == -2) {
        throw new IllegalArgumentException("inner item -2");
      }
    };
    RelayPipeline outer = RelayPipeline.builder().device(device).instances(2).build();
    PipelineException e = assertThrows(PipelineException.class, () -> outer.run(upTo(100)));
    assertSame(inner.get(), e.getCause());
    assertEquals("Relay", e.pipeline());
    assertEquals("calls", e.node());
    assertEquals("77", e.item());
    // the inner message in brackets, so that each run's clauses are told apart (helper-57)
    String prefix = "pipeline Relay, node 'calls', item 77: PipelineException: [" + inner.get().getMessage() + "]";
    assertEquals(true, e.getMessage().startsWith(prefix), e.getMessage());
    // the inner run's own failure, named by it (the same pipeline class)
    assertEquals("calls", inner.get().node());
    assertEquals("-2", inner.get().item());
  }

  /**
   * A node that runs its own pipeline again without end: each nested run put its other instances on
   * threads of its own, so this made threads until the machine could start no more (outside-in
   * helper-135). Past {@code InstanceThreads.MAX_NESTED} runs deep the run is refused, and the
   * failure comes back up through every run it was nested in.
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void aRunThatStartsItselfWithoutEndIsRefusedAtTheNestingBound(boolean scheduled) {
    Device device = scheduled ? Device.cpuScheduled() : Device.cpu();
    RelayPipeline pipeline = RelayPipeline.builder().device(device).instances(2).build();
    Relay.Calls.hook = x -> {
      if (x == 0) {
        pipeline.run(new int[] {0, 1});
      }
    };
    PipelineException e = assertThrows(PipelineException.class, () -> pipeline.run(new int[] {0, 1}));
    int depth = 0;
    Throwable root = e;
    while (root.getCause() != null) {
      root = root.getCause();
      depth++;
    }
    assertEquals(dev.sluice.runtime.cpu.InstanceThreads.MAX_NESTED, depth, e.toString());
    assertEquals(IllegalStateException.class, root.getClass());
    assertEquals(true, root.getMessage().startsWith("Relay: a CPU run nested 64 runs deep"), root.getMessage());
    // and the pipeline object runs again as before
    Relay.Calls.hook = x -> { };
    assertEquals(2, pipeline.run(new int[] {0, 1}).out().length);
  }

  private static int[] upTo(int n) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    return a;
  }
}
