package dev.sluice.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.ExceptionFailure;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * The task attempts that failed with an exception while this listener was added to a context, as
 * "partition P, attempt A: class: message". Spark tells listeners asynchronously, after the job has
 * returned, so a test waits with {@link #await}.
 */
final class FailedTasks extends SparkListener {
  private final List<String> reasons = new ArrayList<>();

  @Override
  public synchronized void onTaskEnd(SparkListenerTaskEnd end) {
    if (end.reason() instanceof ExceptionFailure f) {
      reasons.add("partition " + end.taskInfo().index() + ", attempt " + end.taskInfo().attemptNumber() + ": "
          + f.className() + ": " + f.description());
      notifyAll();
    }
  }

  /** Waits up to 30 s until at least {@code n} failures have been told. */
  synchronized void await(int n) throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (reasons.size() < n && System.nanoTime() < until) {
      wait(200);
    }
  }

  synchronized List<String> reasons() {
    return List.copyOf(reasons);
  }
}
