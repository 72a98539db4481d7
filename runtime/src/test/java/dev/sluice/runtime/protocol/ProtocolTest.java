package dev.sluice.runtime.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The rules at their boundaries, as the protocol text defines them. */
class ProtocolTest {
  @Test
  void constantsAreThoseOfTheProtocol() {
    assertEquals(2, Protocol.MAX_SIGNALS_PER_VEC);
    assertEquals(1, Protocol.MAX_SIGNALS_PER_SIG);
    assertEquals(3, Protocol.MAX_SIGNALS_PER_RUN);
  }

  @Test
  void dataQueueIsFullWhenOneRunsWorstCaseOutputNoLongerFits() {
    assertTrue(Protocol.dataFull(63, 64));
    assertFalse(Protocol.dataFull(64, 64));
  }

  @Test
  void signalQueueIsFullWhenOneRunsSignalsNoLongerFit() {
    assertTrue(Protocol.signalFull(2));
    assertFalse(Protocol.signalFull(3));
  }

  @Test
  void emptyDependsOnFlushing() {
    assertTrue(Protocol.dataEmpty(63, 64, false));
    assertFalse(Protocol.dataEmpty(64, 64, false));
    assertFalse(Protocol.dataEmpty(1, 64, true));
    assertTrue(Protocol.dataEmpty(0, 64, true));
  }

  @Test
  void runLimitRoundsToWholeRunsUnlessFlushingOrASignalIsPending() {
    assertEquals(64, Protocol.runLimit(150, 64, false, 0, false));
    assertEquals(0, Protocol.runLimit(50, 64, false, 0, false));
    assertEquals(50, Protocol.runLimit(50, 64, false, 0, true));
    assertEquals(7, Protocol.runLimit(50, 64, true, 7, false));
    assertEquals(0, Protocol.runLimit(50, 64, true, 0, false));
    assertEquals(64, Protocol.runLimit(500, 64, true, 300, false));
  }

  @Test
  void flushesReachHigherRegionsAndTheLowerFlushWins() {
    assertTrue(Protocol.flushReaches(1, 1));
    assertTrue(Protocol.flushReaches(1, 2));
    assertFalse(Protocol.flushReaches(2, 1));
    assertEquals(0, Protocol.mergeFlush(2, 0));
    assertEquals(1, Protocol.mergeFlush(Protocol.NOT_FLUSHING, 1));
    assertTrue(Protocol.flushing(1, 1));
    assertFalse(Protocol.flushing(Protocol.NOT_FLUSHING, 5));
  }
}
