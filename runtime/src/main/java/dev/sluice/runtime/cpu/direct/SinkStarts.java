package dev.sluice.runtime.cpu.direct;

import dev.sluice.runtime.queue.DataQueue;
import java.util.Arrays;
import java.util.List;

/**
 * The size each sink buffer of a pipeline object's direct-executor instances starts at: the most
 * items one instance's buffer held in the object's last run, at least {@link DataQueue#SINK_FIRST} and at most a
 * {@linkplain DataQueue#SEGMENT segment}. A rerun on input like the last then fills its buffers
 * without growing them by doubling (the OpenCL back end keeps its sink buffers likewise). A size is
 * only a hint: it never changes what a run produces. Two threads running one pipeline object at once
 * may overwrite each other's hints, which is harmless.
 */
public final class SinkStarts {
  private final int[] start;

  public SinkStarts(int sinks) {
    start = new int[sinks];
    Arrays.fill(start, DataQueue.SINK_FIRST);
  }

  /** The size sink {@code k}'s buffer starts at. */
  int of(int k) {
    return start[k];
  }

  /** Remembers, per sink, the most items one of {@code instances} held. */
  void remember(List<? extends DirectInstance> instances) {
    for (int k = 0; k < start.length; k++) {
      long most = 0;
      for (DirectInstance i : instances) {
        most = Math.max(most, i.sinkItems(k));
      }
      start[k] = (int) Math.max(DataQueue.SINK_FIRST, Math.min(most, DataQueue.SEGMENT));
    }
  }
}
