package dev.sluice.runtime.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.runtime.ProgressListener;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a listener hears from the meter: the end of a run once, however the updates fall. */
class ProgressMeterTest {
  private final List<String> heard = new ArrayList<>();
  private final ProgressListener listener = (done, total) -> heard.add(done + "/" + total);

  private static void pastTheInterval() throws InterruptedException {
    Thread.sleep(ProgressListener.INTERVAL_MILLIS + 10);
  }

  @Test
  void allOfAKnownTotalIsHeardOnceAtTheEnd() throws InterruptedException {
    ProgressMeter meter = new ProgressMeter("P", listener, 100);
    pastTheInterval();
    meter.update(40);
    pastTheInterval();
    meter.update(100); // the last slice's update, an interval after the one before
    meter.finish(100);
    assertEquals(List.of("40/100", "100/100"), heard);
  }

  @Test
  void anUnknownTotalEndsWithDoneOfDone() throws InterruptedException {
    ProgressMeter meter = new ProgressMeter("P", listener, ProgressListener.UNKNOWN);
    pastTheInterval();
    meter.update(70);
    meter.update(80); // within the interval: not heard
    meter.finish(80);
    assertEquals(List.of("70/" + ProgressListener.UNKNOWN, "80/80"), heard);
  }

  /**
   * The interval counts from the listener's return: a listener slower than the interval is not called
   * again at once (outside-in helper-81: timed from the call's start, a slow listener was called after
   * nearly every OpenCL slice, whose launches it runs between).
   */
  @Test
  void aSlowListenerIsCalledAnIntervalAfterItsLastCallReturned() throws InterruptedException {
    ProgressListener slow = (done, total) -> {
      heard.add(done + "/" + total);
      try {
        Thread.sleep(ProgressListener.INTERVAL_MILLIS + 50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
    ProgressMeter meter = new ProgressMeter("P", slow, 100);
    pastTheInterval();
    meter.update(10);
    meter.update(20); // the interval has passed since the call began, not since it returned
    pastTheInterval();
    meter.update(30);
    assertEquals(List.of("10/100", "30/100"), heard);
  }
}
