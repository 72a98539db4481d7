package dev.sluice.runtime.cpu;

import static dev.sluice.runtime.protocol.StateLayout.ERR_STRIDE;

import dev.sluice.runtime.MaxExceededException;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.input.InputChunk;
import dev.sluice.runtime.input.InputCursor;
import dev.sluice.runtime.input.InputFailure;
import dev.sluice.runtime.input.RowRefused;
import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.plan.StageKind;
import dev.sluice.runtime.protocol.Failures;
import dev.sluice.runtime.protocol.PlanCode;
import dev.sluice.runtime.protocol.Protocol;
import dev.sluice.runtime.protocol.Scheduler;
import dev.sluice.runtime.protocol.StateLayout;
import dev.sluice.runtime.queue.DataQueue;
import dev.sluice.runtime.queue.QueueOverflowException;
import java.util.LinkedHashSet;

/**
 * Drives the one {@link Scheduler} for one pipeline instance on the JVM, single-threaded: it asks
 * the scheduler for the next run and runs it with the instance's {@link StageBodies} (the typed,
 * generated half), claims input chunks for the source, opens parents for enumerators, runs handlers
 * and turns the scheduler's error words into exceptions. It knows no protocol rule: what fires, how
 * many items a run takes, credit, flushing and blocking are the scheduler's.
 *
 * <p>The instance is group 0 of its own state arrays. Each node's input queue is
 * {@linkplain DataQueue#bind bound} to the scheduler's words for it: around each body call the
 * runner loads the queues the body reads and writes, and stores the counts of those it pushed to
 * afterwards (and before a raised signal is queued, whose credit counts them), as the kernel's lane 0
 * reserves a run's pushes after the run. User-signal payloads live here, in a ring per origin stage and kind,
 * since the scheduler's words hold only a payload's slot.
 */
public final class InstanceRunner {
  private static final int G = 0;

  private final PipelinePlan plan;
  private final StageBodies bodies;
  private final DataQueue[] input;
  /** Per stage: the distinct queues of the nodes it pushes to. */
  private final DataQueue[][] targets;
  private final InputCursor cursor;
  private final RunControl control;
  private final int[] code;
  final int[] st;
  final long[] stats;
  private final int[] err = new int[ERR_STRIDE];
  private final InputChunk chunk = new InputChunk();

  /**
   * User-signal payloads: per origin stage and signal kind, a ring of {@link #poolSize} slots. One ring
   * per origin for all its kinds was reused too early where two kinds are handled at different
   * depths: thousands of one kind raised and handled while one of the other still waited in a queue
   * wrapped the ring over its payload (outside-in helper-79). Signals of one kind from one origin
   * leave the queues in the order they were raised, which is what the ring's size counts on; the
   * kernel keeps one pool per tag and origin too.
   */
  private final Object[] payloads;
  private final int[] nextPayload;
  private final int poolSize;

  private int raisedThisRun;

  /** The items behind a scheduler error; channel errors never reach the scheduler here (channels throw). */
  private final Failures.Items items = new Failures.Items() {
    @Override
    public String queued(int stage, int slot) {
      return Failures.text(input[stage].itemAt(slot));
    }

    @Override
    public String channelName(int stage, int index) {
      throw new IllegalStateException(
          "no channel error word on the CPU: its channels throw MaxExceededException at the push");
    }

    @Override
    public int channelMax(int stage, int index) {
      throw new IllegalStateException(
          "no channel error word on the CPU: its channels throw MaxExceededException at the push");
    }
  };

  /**
   * @param input each stage's input data queue (null for the source); the edges into a fan-in
   *     stage all write into its one queue
   */
  public InstanceRunner(PipelinePlan plan, StageBodies bodies, DataQueue[] input, InputCursor cursor,
      RunControl control) {
    this.plan = plan;
    this.bodies = bodies;
    this.input = input;
    this.cursor = cursor;
    this.control = control;
    this.code = control.code;
    int n = plan.stageCount();
    st = new int[code[PlanCode.P_STATE]];
    stats = new long[n * StateLayout.STATS];
    for (int s = 1; s < n; s++) {
      if (input[s].capacity() != plan.queueCapacity(s)) {
        throw new IllegalArgumentException(plan.name + ": the queue of '" + plan.stageName(s) + "' holds "
            + input[s].capacity() + " items, the plan says " + plan.queueCapacity(s));
      }
      input[s].bind(st, StateLayout.headAt(code, G, s), StateLayout.countAt(code, G, s));
    }
    poolSize = Math.toIntExact(Protocol.payloadSlotsPerOrigin(n, plan.signalCapacity));
    targets = new DataQueue[n][];
    for (int s = 0; s < n; s++) {
      LinkedHashSet<DataQueue> to = new LinkedHashSet<>();
      for (int e : plan.outEdges(s)) {
        if (plan.edgeTo(e) >= 0) {
          to.add(input[plan.edgeTo(e)]);
        }
      }
      targets[s] = to.toArray(new DataQueue[0]);
    }
    // a pool when the plan has a user signal kind (a node may raise one that reaches no node at all)
    boolean userSignals = false;
    for (int k = 0; k < plan.signalCount(); k++) {
      userSignals |= plan.signalRegion(k) < 0;
    }
    payloads = userSignals ? new Object[Math.multiplyExact(n * plan.signalCount(), poolSize)] : new Object[0];
    nextPayload = new int[userSignals ? n * plan.signalCount() : 0];
  }

  /** Parent slot of the item now being processed by {@code stage}. */
  public int parentSlot(int stage) {
    return Scheduler.parentSlot(code, st, G, stage);
  }

  /** User signals raised so far in the current run. */
  public int raisedThisRun() {
    return raisedThisRun;
  }

  /** Runs until no node can fire; then checks that every queue is drained. */
  public void run() {
    Scheduler.begin(code, st, stats, err, G);
    while (true) {
      if (control.aborted()) {
        return;
      }
      int a = Scheduler.next(code, st, stats, err, G);
      checkErrors();
      if (a == Scheduler.STOP) {
        break;
      }
      if (a == Scheduler.NEED_CHUNK) {
        claim();
      } else if (a == Scheduler.NEED_COUNT) {
        open();
      } else {
        runDecided(a);
        Scheduler.afterRun(code, st, stats, err, G, a);
      }
      checkErrors();
    }
    String left = Failures.leftover(plan, code, st, G);
    if (left != null) {
      throw new IllegalStateException(left);
    }
  }

  /** The source needs input: the rest of its chunk, a new chunk, or the end of the input. */
  private void claim() {
    while (chunk.remaining() == 0) {
      boolean claimed;
      try {
        claimed = cursor.claim(chunk);
      } catch (InputFailure f) {
        throw Failures.inputFailed(plan, f.itemsBefore(), f.getCause());
      }
      if (!claimed) {
        Scheduler.claimed(code, st, stats, G, -1, 0);
        return;
      }
      long nullAt = chunk.firstNull();
      if (nullAt >= 0) {
        throw Failures.nullInput(plan, nullAt);
      }
    }
    Scheduler.claimed(code, st, stats, G, chunk.pos, chunk.end);
  }

  /** Enumerator {@code runStage} opens the parent at its queue head (plus the firing's use) into the decided slot. */
  private void open() {
    int s = Scheduler.runStage(code, st, G);
    int offset = Scheduler.runUsed(code, st, G);
    int count;
    input[s].load();
    try {
      count = bodies.open(s, offset, Scheduler.runParent(code, st, G));
    } catch (Throwable e) {
      throw failure(s, Failures.text(input[s].item(offset)), e);
    }
    Scheduler.counted(code, st, stats, err, G, count);
  }

  /** Runs what {@link Scheduler#next} decided for stage {@code s}: a handler, the source, elements or items. */
  private void runDecided(int s) {
    if (s > 0) {
      input[s].load();
    }
    for (DataQueue q : targets[s]) {
      q.load();
    }
    runBody(s);
    for (DataQueue q : targets[s]) {
      q.store();
    }
  }

  private void runBody(int s) {
    int offset = Scheduler.runOffset(code, st, G);
    int limit = Scheduler.runLimit(code, st, G);
    int handler = Scheduler.runHandler(code, st, G);
    if (handler >= 0) {
      // offset is the signal's kind, the parent the signal's slot: a parent's, or a user payload's
      int slot = Scheduler.runParent(code, st, G);
      Object payload = plan.signalRegion(offset) < 0 ? payloads[slot] : null;
      try {
        bodies.handle(s, handler, slot, payload);
      } catch (Throwable e) {
        // a user signal is named by its tag record's own text, which starts with the tag's name
        throw failure(s, "signal " + (payload != null ? Failures.text(payload) : plan.signalName(offset)), e,
            payload == null && Failures.namesParent(plan, s, offset) ? slot : -1);
      }
    } else if (s == 0) {
      try {
        bodies.produce(chunk.data, chunk.base, offset, limit);
      } catch (RowRefused e) {
        throw Failures.rowRefused(plan, chunk.offset + e.position, e.record, e.getCause());
      } catch (Throwable e) {
        throw failure(0, chunk.toString(), e);
      }
      chunk.pos = offset + limit;
    } else if (plan.kind(s) == StageKind.ENUMERATE) {
      // the run's element indices in one bulk push (the channel's @Max is the width, so they fit)
      IntChannel elements = bodies.elements(s);
      elements.beginItem();
      elements.pushRange(offset, limit);
    } else {
      raisedThisRun = 0;
      // the generated loop catches whatever the node's code throws (Throwable: a checked exception
      // it does not declare too) and names the item (failure)
      int x = bodies.process(s, Scheduler.runUsed(code, st, G), limit);
      if (x < limit) {
        // a run's signals come from one item: the run ended after the item that raised them
        Scheduler.truncate(code, st, G, x);
      }
    }
  }

  /** Called by a node's {@link RaiseChannel}: queues a user signal behind the items pushed so far. */
  void raise(int s, int kind, Object payload) {
    if (raisedThisRun >= Protocol.MAX_SIGNALS_PER_VEC) {
      throw new IllegalStateException(Failures.raisedTooMany());
    }
    raisedThisRun++;
    int ring = s * plan.signalCount() + kind;
    int slot = ring * poolSize + nextPayload[ring];
    nextPayload[ring] = (nextPayload[ring] + 1) % poolSize;
    payloads[slot] = payload;
    // the signal's credit counts the items pushed so far in this run
    for (DataQueue q : targets[s]) {
      q.store();
    }
    Scheduler.originate(code, st, err, G, s, kind, slot);
  }

  private void checkErrors() {
    if (err[0] == 0) {
      return;
    }
    // the scheduler's own checks (a count out of its region's range, a hang) name the claimed range
    // as a node's failure does (outside-in helper-108: a bad count had no range on this back end)
    RuntimeException failure = Failures.of(plan, control.maxSteps, err, G, items, claimed());
    if (failure != null && err[G * ERR_STRIDE + StateLayout.E_CODE] == StateLayout.ERR_STEPS) {
      // a hang: where every queue stood says which stage waited on which
      throw new IllegalStateException(failure.getMessage() + "; state: " + state());
    }
    if (failure != null) {
      throw failure;
    }
  }

  /**
   * Wraps a failure of an item of stage {@code s} in user code or on bad input with the pipeline, node
   * and item, and for a stage inside a region the parent it was working on ({@link Failures#namesParent}).
   */
  public PipelineException failure(int s, String item, Throwable cause) {
    return failure(s, item, cause, Failures.namesParent(plan, s, -1) ? parentSlot(s) : -1);
  }

  /** {@link #failure(int, String, Throwable)}, naming the parent in slot {@code parentSlot} of the stage's region (-1: none). */
  private PipelineException failure(int s, String item, Throwable cause, int parentSlot) {
    if (cause != null && cause == named) {
      // named already (a failure is named once); a PipelineException of node code's own (another
      // pipeline's run failing inside it) is node code's failure here like any other exception
      return named;
    }
    if (cause instanceof QueueOverflowException) {
      // not the node's fault: the protocol let a producer run without room for its output
      throw new IllegalStateException(plan.name + ": queue overflow while node '" + plan.stageName(s)
          + "' ran; state: " + state(), cause);
    }
    String what = cause instanceof MaxExceededException ? cause.getMessage() : Failures.what(cause);
    String where = s == 0 ? "" : claimed();
    String parent = parentSlot < 0 ? "" : Failures.inRegionOf(bodies.parent(plan.label(s), parentSlot));
    named = new PipelineException(plan.name, plan.stageName(s), item, what + parent + where, cause);
    return named;
  }

  /**
   * Which input items this instance claimed last, while it is still reading input: for messages. The
   * queues between the stages may still hold items of ranges claimed before this one.
   */
  private String claimed() {
    return Scheduler.exhausted(code, st, G) ? ""
        : " (this instance had last claimed " + chunk + "; its queues may still hold items of earlier ranges)";
  }

  /** The failure this instance named last ({@link #failure}). */
  private PipelineException named;

  /** Every stage's queue sizes and what it holds, for error messages. */
  public String state() {
    StringBuilder b = new StringBuilder("input read: ").append(Scheduler.exhausted(code, st, G));
    for (int s = 1; s < plan.stageCount(); s++) {
      b.append("; ").append(plan.stageName(s)).append("{capacity ").append(input[s].capacity())
          .append(Scheduler.leftAt(code, st, G, s)).append('}');
    }
    return b.toString();
  }
}
