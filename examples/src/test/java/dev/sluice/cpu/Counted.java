package dev.sluice.cpu;

import java.util.concurrent.atomic.AtomicLong;

/** An item record whose canonical constructor counts the records made ({@link RecordHops}). */
public record Counted(long a, int b) {
  static final AtomicLong MADE = new AtomicLong();

  public Counted {
    MADE.incrementAndGet();
  }
}
