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
}
