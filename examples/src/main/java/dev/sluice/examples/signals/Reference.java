package dev.sluice.examples.signals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** {@link Windows} in plain Java, and the inputs it is deterministic for. */
public final class Reference {
  private Reference() {}

  /**
   * {@code windows} windows of {@code size} consecutive events each, numbered from 0, with values in
   * [-100, 1000); the last event of each window has {@code last = 1}.
   */
  public static Event[] events(Random random, int windows, int size) {
    Event[] events = new Event[windows * size];
    for (int w = 0; w < windows; w++) {
      for (int k = 0; k < size; k++) {
        events[w * size + k] = new Event(w, random.nextInt(1_100) - 100, k == size - 1 ? 1 : 0);
      }
    }
    return events;
  }

  /** Windows of random sizes in 1..maxSize (deterministic only with one pipeline instance). */
  public static Event[] unevenEvents(Random random, int windows, int maxSize) {
    List<Event> events = new ArrayList<>();
    for (int w = 0; w < windows; w++) {
      int size = 1 + random.nextInt(maxSize);
      for (int k = 0; k < size; k++) {
        events.add(new Event(w, random.nextInt(1_100) - 100, k == size - 1 ? 1 : 0));
      }
    }
    return events.toArray(new Event[0]);
  }

  /** One total per window: the non-negative values times {@code factor}, counted and summed. */
  public static List<WindowTotal> totals(Event[] events, long factor) {
    List<WindowTotal> totals = new ArrayList<>();
    int count = 0;
    long sum = 0;
    for (Event e : events) {
      if (e.value() >= 0) {
        count++;
        sum += e.value() * factor;
      }
      if (e.last() != 0) {
        totals.add(new WindowTotal(e.window(), count, sum));
        count = 0;
        sum = 0;
      }
    }
    return totals;
  }
}
