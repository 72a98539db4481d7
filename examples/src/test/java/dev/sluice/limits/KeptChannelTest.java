package dev.sluice.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.runtime.Device;
import dev.sluice.runtime.PipelineException;
import org.junit.jupiter.api.Test;

/**
 * A channel is valid only during the call that received it. The direct executor keeps one call's
 * pushes in an object made for the call; a push through it afterwards must fail, naming node and
 * item, rather than vanish.
 */
class KeptChannelTest {
  @Test
  void aPushThroughAChannelKeptPastItsCallFails() {
    KeptChannel.Keeper.kept = null;
    PipelineException e = assertThrows(PipelineException.class,
        () -> KeptChannelPipeline.builder().device(Device.cpu()).instances(1).build().run(new int[] {1, 2, 3}));
    assertEquals("keeper", e.node());
    assertEquals("2", e.item());
    assertTrue(e.getMessage().contains("pushed to channel 'out' after the call that received it returned"), e.getMessage());
  }
}
