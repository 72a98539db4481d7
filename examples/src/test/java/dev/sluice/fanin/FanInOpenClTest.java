package dev.sluice.fanin;

import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.testing.OpenClAvailable;
import org.junit.jupiter.api.Test;

/**
 * {@link FanInTest}'s shapes on the OpenCL back end against the same reference: no work-group's data
 * queue may overflow.
 */
class FanInOpenClTest {
  private static FanInTest.Runs runs() {
    return new FanInTest.Runs(OpenClAvailable.device(), new int[] {0, 3}, new int[] {7, RunOptions.DEFAULT_CHUNK});
  }

  @Test
  void unequalMaximaMatchReference() {
    FanInTest.unequalMaxima(runs());
  }

  @Test
  void twoChannelsOfOneNodeMatchReference() {
    FanInTest.twoChannels(runs());
  }

  @Test
  void sourceAndTransformMatchReference() {
    FanInTest.sourceAndThree(runs());
  }

  @Test
  void endHandlerAndTransformMatchReference() {
    FanInTest.endAndRun(runs());
  }

  @Test
  void enumeratorJoinMatchesReference() {
    FanInTest.joinEnumerates(runs());
  }
}
