package dev.sluice.runtime.cpu.direct;

import dev.sluice.runtime.MaxExceededException;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.cpu.RunControl;
import dev.sluice.runtime.input.InputChunk;
import dev.sluice.runtime.input.InputCursor;
import dev.sluice.runtime.input.InputFailure;
import dev.sluice.runtime.input.RowRefused;
import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.protocol.Failures;
import dev.sluice.runtime.protocol.Protocol;
import dev.sluice.runtime.queue.DataQueue;
import java.util.ArrayList;
import java.util.List;

/**
 * One pipeline instance on the CPU run by direct calls: the generated subclass's channels call their
 * consumers' bodies as each item is pushed, an enumerator delivers BEGIN, its elements and END to its
 * region one after the other, and a signal is delivered downstream the moment it is sent. That is
 * the depth-first schedule of the protocol at width 1 (docs/architecture.md says why its results are
 * the protocol's). This class claims the input chunks and feeds the source; it keeps the counters the
 * run report needs and turns failures into {@link PipelineException}s naming node and item.
 */
public abstract class DirectInstance {
  private final PipelinePlan plan;
  private final InputCursor cursor;
  private final RunControl control;
  private final InputChunk chunk = new InputChunk();
  private final List<List<DirectChannel>> channels = new ArrayList<>();
  private DataQueue[] sinks = new DataQueue[0];
  private boolean exhausted;
  private long sourceItems;

  protected DirectInstance(PipelinePlan plan, InputCursor cursor, RunControl control) {
    this.plan = plan;
    this.cursor = cursor;
    this.control = control;
    for (int s = 0; s < plan.stageCount(); s++) {
      channels.add(new ArrayList<>());
    }
  }

  /** Counts a channel's pushes toward its stage's items out in the report. */
  protected final <C extends DirectChannel> C channel(int stage, C channel) {
    channels.get(stage).add(channel);
    return channel;
  }

  /** The sink buffers, in the plan's sink order. */
  protected final void sinks(DataQueue... buffers) {
    sinks = buffers;
  }

  /** Gives each (still empty) sink buffer the room {@code starts} holds for it. */
  final void startSinks(SinkStarts starts) {
    for (int k = 0; k < sinks.length; k++) {
      sinks[k].startAt(starts.of(k));
    }
  }

  /**
   * Pushes input items {@code from .. from+count-1} of a claimed chunk into the source's channel,
   * each running to the end of the pipeline before the next.
   */
  protected abstract void produce(Object data, long base, int from, int count);

  /**
   * Items node {@code stage} took in (items for a transform, parents for an enumerator): the pushes
   * of the channels its edges come from, as every push reaches every consumer of its channel.
   */
  protected abstract long itemsIn(int stage);

  /** Signals that reached node {@code stage}, handled or passed on. */
  protected abstract long signals(int stage);

  /**
   * Claims chunks until the input is exhausted and feeds them to the source, a width of items at a
   * time so that a failure in another instance stops this one soon.
   */
  public final void run() {
    // at most a width of items per produce call: the generated code counts a call's pushes in ints
    // where this bound (times each @Max) keeps them under 2^31
    int piece = plan.width;
    // a stopped run pulls no more input: a runChunks iterator may block on its next array
    while (!control.aborted() && claim()) {
      long nullAt = chunk.firstNull();
      if (nullAt >= 0) {
        throw Failures.nullInput(plan, nullAt);
      }
      while (chunk.pos < chunk.end) {
        if (control.aborted()) {
          return;
        }
        int n = Math.min(piece, chunk.end - chunk.pos);
        try {
          produce(chunk.data, chunk.base, chunk.pos, n);
        } catch (RowRefused e) {
          throw firstOr(Failures.rowRefused(plan, chunk.offset + e.position, e.record, e.getCause()));
        } catch (RuntimeException | Error e) {
          // a node's failure comes named (the generated code catches Throwable around each node
          // call, and a record's constructor); what is left is the source's own
          throw firstOr(failure(0, chunk.toString(), e));
        }
        if (first != null) {
          // node code caught a failure on its way up (around Raise.raise, which runs the handlers
          // and consumers downstream before it returns): the run fails with it all the same, as the
          // scheduled executor, which runs them later, does
          throw first;
        }
        chunk.pos += n;
        sourceItems += n;
      }
    }
    exhausted = true;
  }

  private boolean claim() {
    try {
      return cursor.claim(chunk);
    } catch (InputFailure f) {
      throw Failures.inputFailed(plan, f.itemsBefore(), f.getCause());
    }
  }

  final long stageIn(int stage) {
    return stage == 0 ? sourceItems : itemsIn(stage);
  }

  final long stageOut(int stage) {
    long n = 0;
    for (DirectChannel c : channels.get(stage)) {
      n += c.total();
    }
    return n;
  }

  final long stageSignals(int stage) {
    return stage == 0 ? 0 : signals(stage);
  }

  final long sinkItems(int sink) {
    return sinks[sink].count();
  }

  /**
   * Wraps a failure in user code or on bad input with the pipeline, node and item, and for a stage
   * inside a region the parent it was working on ({@link Failures#namesParent}).
   */
  protected final PipelineException failure(int stage, String item, Throwable cause) {
    return failure(stage, item, cause, true);
  }

  /** {@link #failure(int, String, Throwable)}; {@code inParent} false for a user signal's handler. */
  protected final PipelineException failure(int stage, String item, Throwable cause, boolean inParent) {
    if (cause != null && cause == named) {
      // a consumer's failure, named where it happened, passes through the calls that led to it; a
      // PipelineException of node code's own (another pipeline's run failing inside it) is node code's
      // failure here like any other exception
      return named;
    }
    String what = cause instanceof MaxExceededException ? cause.getMessage() : Failures.what(cause);
    String parent = inParent && Failures.namesParent(plan, stage, -1) ? Failures.inRegionOf(parent(plan.label(stage))) : "";
    return named(new PipelineException(plan.name, plan.stageName(stage), item, what + parent + where(stage), cause));
  }

  /** The failure this instance named last: the one its callers pass on ({@link #failure}). */
  private PipelineException named;
  /** The first failure this instance named: the run's outcome, even where node code caught it. */
  private PipelineException first;

  private PipelineException named(PipelineException p) {
    named = p;
    if (first == null) {
      first = p;
    }
    return p;
  }

  /**
   * The run's failure, {@code later} having ended it: the first failure named, if node code caught
   * that one on its way (with {@code later} suppressed, unless {@code later} came of it, as when the
   * catching node wrapped it and threw), else {@code later}.
   */
  private PipelineException firstOr(PipelineException later) {
    if (first == null || first == later) {
      return later;
    }
    int depth = 0; // a chain of causes may loop (initCause refuses only itself)
    for (Throwable t = later; t != null && depth < 100; t = t.getCause(), depth++) {
      if (t == first) {
        return first;
      }
    }
    first.addSuppressed(later);
    return first;
  }

  /** The parent region {@code region} is enumerating now (the generated class holds it), or null. */
  protected Object parent(int region) {
    return null;
  }

  /** Which input items this instance was reading, while it was still reading them: for messages. */
  private String where(int stage) {
    return stage == 0 || exhausted ? "" : " (this instance was reading " + chunk + ")";
  }

  /** The failure of an enumerator whose {@code count(parent)} is out of its region's bounds. */
  protected final PipelineException badCount(int stage, Object parent, int count) {
    return named(new PipelineException(plan.name, plan.stageName(stage), Failures.text(parent),
        Failures.countOutOfRange(plan, stage, count) + where(stage), null));
  }

  /** What {@code Raise.raise} throws for one signal more than an item may raise. */
  protected static IllegalStateException tooManyRaises() {
    return new IllegalStateException(Failures.raisedTooMany());
  }

  /** Signals one item may raise. */
  protected static final int MAX_RAISES = Protocol.MAX_SIGNALS_PER_VEC;
}
