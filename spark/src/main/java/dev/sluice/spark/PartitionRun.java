package dev.sluice.spark;

import dev.sluice.runtime.PipelineException;
import java.util.Collections;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.BiConsumer;

/**
 * The output of one partition, produced as it is read: each time the items of the last run are used
 * up, the next batch of the partition's input goes through the pipeline. Only one batch's output is
 * held at a time, and the task's output is nothing but this iterator (no side effects), so Spark's
 * own bookkeeping keeps a retried or speculative task from duplicating or losing items. When the
 * input is used up, the runs' reports summed and the reduction go to {@code finish}.
 */
final class PartitionRun<P, T, R, U, A> implements Iterator<U> {
  private final Iterator<T> input;
  private final P pipeline;
  private final Batches<P, T, R> batches;
  private final int batch;
  private final int chunk;
  private final SinkItems<R, U> sink;
  private final Reduction<R, A> reduction;
  private final BiConsumer<ReportSum, A> finish;
  /** The task's slot, which the first run's device is checked against. */
  private final Slot slot;
  private final ReportSum report = new ReportSum();
  /** The partition's items taken so far, for messages that name an item by its place in the partition. */
  private long taken;
  /** Where in the partition its input threw while a run read it, or -1. */
  private long failedAt = -1;
  private final Iterator<T> counted = new Iterator<>() {
    @Override
    public boolean hasNext() {
      try {
        return input.hasNext();
      } catch (RuntimeException | Error e) {
        failedAt = taken;
        throw e;
      }
    }

    @Override
    public T next() {
      T item;
      try {
        item = input.next();
      } catch (RuntimeException | Error e) {
        failedAt = taken;
        throw e;
      }
      taken++;
      return item;
    }
  };
  private A reduced;
  private Iterator<U> current = Collections.emptyIterator();
  private boolean finished;

  PartitionRun(Iterator<T> input, P pipeline, Batches<P, T, R> batches, int batch, int chunk, SinkItems<R, U> sink,
      Reduction<R, A> reduction, Slot slot, BiConsumer<ReportSum, A> finish) {
    this.input = input;
    this.pipeline = pipeline;
    this.batches = batches;
    this.batch = batch;
    this.chunk = chunk;
    this.sink = sink;
    this.reduction = reduction;
    this.slot = slot;
    this.finish = finish;
  }

  @Override
  public boolean hasNext() {
    while (!current.hasNext()) {
      if (!input.hasNext()) {
        if (!finished) {
          finished = true;
          travels(reduced);
          finish.accept(report, reduced);
        }
        return false;
      }
      long before = taken;
      R result;
      try {
        result = batches.run(pipeline, counted, batch, chunk, taken);
      } catch (PipelineException e) {
        throw failedAt < 0 ? e : placed(e, failedAt);
      }
      dev.sluice.runtime.RunReport ran = ResultReports.of(result);
      ranTheBatch(taken - before, ran.inputItems());
      if (report.runs() == 0) {
        ranOnTheSlot(ran.device(), slot);
      }
      report.add(ran);
      if (reduction != null) {
        A value = reduction.read(result);
        if (value == null) {
          // combine takes a null side as absent: a run's value would be dropped from the total unsaid
          throw new IllegalStateException("the reduction's read returned null for a run; it must return the run's value"
              + " (a boxed number, say), which is combined with the others");
        }
        reduced = reduction.combine(reduced, value);
      }
      Iterable<U> items = sink.items(result);
      if (items == null) {
        throw new IllegalStateException("the sink reader returned null instead of the run's items");
      }
      current = items.iterator();
    }
    return true;
  }

  /**
   * {@code e}, the failure of a run whose input (the partition's iterator) threw, with the place in the
   * partition added: the pipeline's message counts within the run (outside-in helper-114: "failed
   * before giving its first array" read as a failure at the partition's start). The cause stays the
   * iterator's exception.
   */
  static PipelineException placed(PipelineException e, long at) {
    PipelineException out = new PipelineException(e.pipeline(), e.node(), e.item(),
        e.detail() + " (the partition's input threw reading its item at position " + at + ")", e.getCause());
    out.setStackTrace(e.getStackTrace());
    return out;
  }

  /**
   * Fails a task whose runner did not run the pipeline on the batch it was given: one that took no
   * item from its iterator would be called again and again on the same partition (the task never
   * ends), and one whose {@code Result} is of another run (of other items, or of its iterator read
   * again once empty) would drop the batch's items from the output and the report, unsaid.
   */
  static void ranTheBatch(long took, long ran) {
    if (took > 0 && took == ran) {
      return;
    }
    String what = took == 0
        ? "the runner took no item from the batch it was given (it would be called again for ever on the same batch)"
        : "the runner took " + took + " items from the batch it was given, but the Result it returned ran " + ran
            + " input items";
    throw new IllegalStateException(what + ": a runner must run the pipeline on the iterator (or columns) it is"
        + " given and return that run's Result, as FooPipeline::runChunks does");
  }

  /**
   * Fails a task whose pipeline object ran somewhere other than its slot's device: a factory that
   * builds without {@code .device(slot.device())} runs on the builder's default, ignoring the device
   * named on the {@code SluiceSpark} or the GPU Spark gave the task, and nothing else would say so
   * (the executor's log names the slot's device). The CPU back end standing in for the slot's device
   * ({@code cpuFallback}) is the slot's.
   */
  static void ranOnTheSlot(String ran, Slot slot) {
    String asked = slot.device().name();
    if (ran.equals(asked) || ran.contains(", instead of " + asked + " (")) {
      return;
    }
    throw new IllegalStateException("the pipeline object ran on " + ran + ", but this task's device is " + asked
        + " (" + slot.spec() + "): the pipeline factory must give the slot to the builder, as in"
        + " slot -> FooPipeline.builder()...device(slot.device()).instances(slot.instances()).build()");
  }

  /**
   * Checks that the partition's combined reduction, which goes to the driver with the task's result, can
   * be serialized: Spark would fail on it there, naming only the task. Once per partition.
   */
  private static void travels(Object reduced) {
    if (reduced == null) {
      return;
    }
    try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(java.io.OutputStream.nullOutputStream())) {
      out.writeObject(reduced);
    } catch (java.io.IOException | RuntimeException e) {
      throw new IllegalStateException("the reduction's value, a " + reduced.getClass().getName() + ", is not"
          + " serializable (" + e + "): each task's value travels to the driver (use a boxed number, an array, or a"
          + " record that implements Serializable, with components that do)", e);
    }
  }

  @Override
  public U next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    return current.next();
  }
}
