package dev.sluice.runtime.cpu;

import static dev.sluice.runtime.protocol.Protocol.NOT_FLUSHING;

import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.plan.StageKind;
import dev.sluice.runtime.protocol.Protocol;
import dev.sluice.runtime.queue.DataQueue;
import dev.sluice.runtime.queue.QueueOverflowException;
import dev.sluice.runtime.queue.SignalQueue;
import java.util.Arrays;

/**
 * One pipeline instance's scheduler: the scheduling protocol with signals, regions and flushing, run
 * single-threaded over one copy of every queue.
 *
 * <p>A node fires only if it is ACTIVE, not BLOCKED, and has no ACTIVE child. A firing is a series
 * of runs: up to one run's worth of items (bounded by the credit of a pending signal), then at most
 * one signal. It ends when the node goes inactive (its queues are EMPTY), a child becomes active (a
 * queue of the child is FULL), or the node blocks (an enumerator whose parent buffer is full). When a
 * flushing node empties, it passes its flush status to the successors the flush reaches. The run
 * ends when no node can fire.
 */
public final class Scheduler {
  private final PipelinePlan plan;
  private final StageBodies bodies;
  private final DataQueue[] input;
  private final SignalQueue[] signals;
  private final DataQueue[] edgeQueue;
  private final ParentBuffer[] parents;
  private final InputCursor cursor;
  private final RunControl control;

  private final boolean[] active;
  private final boolean[] blocked;
  private final int[] flush;
  /** Per stage: parent slot of the current item in the stage's innermost region. */
  private final int[] parentSlot;

  // enumerator progress per stage: the open parent's slot (-1: none), element count, next element
  private final int[] openSlot;
  private final int[] openCount;
  private final int[] openNext;

  private final InputChunk chunk = new InputChunk();
  private boolean sourceExhausted;

  private int runningStage = -1;
  private int raisedThisRun;
  private long steps;

  final Stats stats;

  /**
   * @param input each stage's input data queue (null for the source); the edges into a fan-in
   *     stage all write into its one queue
   * @param edgeQueue each edge's target queue or sink buffer
   */
  public Scheduler(PipelinePlan plan, StageBodies bodies, DataQueue[] input, DataQueue[] edgeQueue,
      InputCursor cursor, RunControl control) {
    this.plan = plan;
    this.bodies = bodies;
    this.input = input;
    this.edgeQueue = edgeQueue;
    this.cursor = cursor;
    this.control = control;
    int n = plan.stageCount();
    signals = new SignalQueue[n];
    for (int i = 1; i < n; i++) {
      signals[i] = new SignalQueue(plan.signalCapacity);
    }
    parents = new ParentBuffer[plan.regionCount()];
    for (int r = 1; r < parents.length; r++) {
      parents[r] = new ParentBuffer(plan.regionParentBuffer[r]);
    }
    active = new boolean[n];
    blocked = new boolean[n];
    flush = new int[n];
    Arrays.fill(flush, NOT_FLUSHING);
    parentSlot = new int[n];
    Arrays.fill(parentSlot, -1);
    openSlot = new int[n];
    Arrays.fill(openSlot, -1);
    openCount = new int[n];
    openNext = new int[n];
    stats = new Stats(n);
  }

  /** Binds the raise channels of the instance to this scheduler. */
  public void bind(RaiseChannel<?>... raises) {
    for (RaiseChannel<?> r : raises) {
      r.bind(this);
    }
  }

  /** Parent slot of the item now being processed by {@code stage}. */
  public int parentSlot(int stage) {
    return parentSlot[stage];
  }

  /** User signals raised so far in the current run. */
  public int raisedThisRun() {
    return raisedThisRun;
  }

  /** Runs until no node can fire; then checks that every queue is drained. */
  public void run() {
    active[0] = true;
    while (true) {
      int s = fireable();
      if (s < 0) {
        break;
      }
      if (++steps > control.maxSteps) {
        throw new IllegalStateException(plan.name + ": scheduler exceeded " + control.maxSteps
            + " firings (a hang?); state: " + state());
      }
      if (control.aborted()) {
        return;
      }
      switch (plan.kinds[s]) {
        case SOURCE -> fireSource();
        default -> fireNode(s);
      }
    }
    checkDrained();
  }

  /** The first stage in priority order that is ACTIVE, not BLOCKED, with no ACTIVE child. */
  private int fireable() {
    for (int s : plan.priority) {
      if (active[s] && !blocked[s] && !anyChildActive(s)) {
        return s;
      }
    }
    return -1;
  }

  private boolean anyChildActive(int s) {
    for (int c : plan.children[s]) {
      if (active[c]) {
        return true;
      }
    }
    return false;
  }

  /**
   * Activates each child with a FULL data or signal queue; true if any child is now active. A data
   * queue is FULL against the most items one run of any of its producers can push
   * ({@code queueMaxPerRun}), not just this stage's, so with fan-in the other producers' next runs
   * fit too.
   */
  private boolean activateFullChildren(int s) {
    boolean any = false;
    for (int e : plan.outEdges[s]) {
      int c = plan.edgeTo[e];
      if (c < 0) {
        continue;
      }
      if (Protocol.dataFull(input[c].space(), plan.queueMaxPerRun[c])
          || Protocol.signalFull(signals[c].space())) {
        active[c] = true;
      }
      any |= active[c];
    }
    return any;
  }

  /** Passes flush {@code f} from {@code s} to the successors it reaches, activating them. */
  private void propagateFlush(int s, int f) {
    for (int c : plan.children[s]) {
      if (Protocol.flushReaches(f, plan.label[c])) {
        flush[c] = Protocol.mergeFlush(flush[c], f);
        active[c] = true;
      }
    }
  }

  private void fireSource() {
    runningStage = 0;
    stats.firings[0]++;
    while (true) {
      if (chunk.remaining() == 0 && !cursor.claim(chunk)) {
        // end of input: flush region 0 and go inactive
        sourceExhausted = true;
        active[0] = false;
        propagateFlush(0, Protocol.END_OF_INPUT_FLUSH);
        stats.flushes[0]++;
        return;
      }
      int n = Math.min(plan.width, chunk.remaining());
      try {
        bodies.produce(chunk.data, chunk.base, chunk.pos, n);
      } catch (RuntimeException | Error e) {
        throw failure(0, chunk.toString(), e);
      }
      chunk.pos += n;
      stats.consumed[0] += n;
      stats.runs[0]++;
      stats.dataRuns[0]++;
      stats.filled[0] += n;
      if (activateFullChildren(0)) {
        return;
      }
    }
  }

  private void fireNode(int s) {
    runningStage = s;
    stats.firings[s]++;
    DataQueue in = input[s];
    SignalQueue sq = signals[s];
    int width = plan.inputsPerRun[s];
    boolean enumerator = plan.kinds[s] == StageKind.ENUMERATE;
    boolean flushing = Protocol.flushing(flush[s], plan.label[s]);
    int data = in.count();
    int sigs = sq.count();
    int credit = sigs > 0 ? sq.credit(0) : 0;
    int used = 0;
    int sigUsed = 0;
    boolean progress = false;

    while (!(Protocol.dataEmpty(data - used, width, flushing) && sigs - sigUsed == 0)) {
      int usedBefore = used;
      int sigBefore = sigUsed;
      long filledBefore = stats.filled[s];
      boolean signalPending = sigs - sigUsed > 0;
      int limit = Protocol.runLimit(data - used, width, signalPending, credit, flushing);
      raisedThisRun = 0;
      stats.runs[s]++;
      if (limit > 0) {
        int x;
        if (enumerator) {
          long before = stats.filled[s] + stats.opened[s];
          x = enumerateRun(s, used);
          progress |= x > 0 || stats.filled[s] + stats.opened[s] != before;
        } else {
          x = bodies.process(s, used, limit);
          stats.dataRuns[s]++;
          stats.filled[s] += x;
          progress |= x > 0;
        }
        used += x;
        if (signalPending) {
          credit -= x;
        }
      }
      if (signalPending && credit == 0 && !blocked[s]) {
        handleSignal(s, sq, sigUsed);
        sigUsed++;
        credit = sigs - sigUsed > 0 ? sq.credit(sigUsed) : 0;
        progress = true;
      }
      boolean childActive = activateFullChildren(s);
      if (blocked[s] || childActive) {
        break;
      }
      if (used == usedBefore && sigUsed == sigBefore && stats.filled[s] == filledBefore) {
        throw new IllegalStateException(plan.name + ": a run of node '" + plan.stageNames[s]
            + "' made no progress (credit " + credit + ", " + (data - used) + " items left); state: "
            + state());
      }
    }

    in.release(used);
    sq.release(sigUsed);
    if (sq.count() > 0) {
      if (credit != sq.credit(0)) {
        stats.creditStores[s]++;
      }
      sq.setHeadCredit(credit);
    }
    stats.consumed[s] += used;
    stats.signals[s] += sigUsed;

    if (Protocol.dataEmpty(in.count(), width, flushing) && sq.count() == 0
        && !(enumerator && openSlot[s] >= 0)) {
      active[s] = false;
      if (flushing) {
        // the flush is complete here: pass it on, then clear it
        propagateFlush(s, flush[s]);
        flush[s] = NOT_FLUSHING;
        stats.flushes[s]++;
      }
      progress = true;
    }
    if (!progress && !blocked[s] && active[s] && !anyChildActive(s)) {
      throw new IllegalStateException(plan.name + ": node '" + plan.stageNames[s]
          + "' fired without progress; state: " + state());
    }
  }

  /**
   * One run of an enumerator: opens the next parent if none is open (BEGIN), emits up to one run's
   * elements, and closes the parent after its last element (END). Returns 1 when a parent was
   * finished (consumed from the input), else 0. Blocks when the parent buffer is full.
   */
  private int enumerateRun(int s, int offset) {
    int r = plan.heads[s];
    ParentBuffer buffer = parents[r];
    if (openSlot[s] < 0) {
      int slot = buffer.allocate(Math.max(1, plan.regionTerminals[r]));
      if (slot < 0) {
        // full: flush the region so its terminals release parents, and wait for a free slot
        blocked[s] = true;
        buffer.waiter = s;
        propagateFlush(s, r);
        stats.blocks[s]++;
        return 0;
      }
      int count;
      try {
        count = bodies.open(s, offset, slot);
      } catch (RuntimeException | Error e) {
        throw failure(s, input[s].describe(offset), e);
      }
      if (count < 0 || count > plan.regionMaxElements[r]) {
        throw new PipelineException(plan.name, plan.stageNames[s], input[s].describe(offset),
            "count(parent) returned " + count + " elements; the region allows 0.."
                + plan.regionMaxElements[r] + " (@Region(maxElements))", null);
      }
      openSlot[s] = slot;
      openCount[s] = count;
      openNext[s] = 0;
      stats.opened[s]++;
      emit(plan.origin[s], plan.regionSignal(r, false), slot, null);
    }
    int slot = openSlot[s];
    int n = Math.min(plan.width, openCount[s] - openNext[s]);
    // the run's element indices in one bulk push (the channel's @Max is the width, so n always fits)
    IntChannel elements = bodies.elements(s);
    elements.beginItem();
    elements.pushRange(openNext[s], n);
    openNext[s] += n;
    stats.dataRuns[s]++;
    stats.filled[s] += n;
    if (openNext[s] < openCount[s]) {
      return 0;
    }
    emit(plan.origin[s], plan.regionSignal(r, true), slot, null);
    if (plan.regionTerminals[r] == 0 && buffer.release(slot)) {
      // no node in the region holds the parent: it is free as soon as it is closed
      buffer.waiter = -1;
    }
    openSlot[s] = -1;
    return 1;
  }

  private void handleSignal(int s, SignalQueue sq, int offset) {
    int kind = sq.kind(offset);
    int slot = sq.slot(offset);
    Object payload = sq.payload(offset);
    int r = plan.signalRegion[kind];
    if (plan.signalIsBegin[kind] && r == plan.label[s]) {
      parentSlot[s] = slot;
    }
    int h = plan.handler[s][kind];
    if (h >= 0) {
      try {
        bodies.handle(s, h, slot, payload);
      } catch (RuntimeException | Error e) {
        throw failure(s, "signal " + plan.signalNames[kind]
            + (payload != null ? " " + payload : ""), e);
      }
    }
    if (plan.release[s][kind] && parents[r].release(slot)) {
      int waiter = parents[r].waiter;
      if (waiter >= 0) {
        // a slot freed: unblock the head; it is still active, so it fires when it can
        blocked[waiter] = false;
        parents[r].waiter = -1;
      }
    }
    emit(plan.forward[s], kind, slot, payload);
  }

  /**
   * Queues signal {@code kind} on the edges of {@code table} for it. Its credit is the number of
   * items ahead of it: every item in the data queue if no signal is pending there (the consumer may
   * already have taken some items pushed since the last signal), else the items pushed since the
   * last signal, none of which can have been consumed past that pending signal.
   */
  private void emit(int[][] table, int kind, int slot, Object payload) {
    for (int e : table[kind]) {
      SignalQueue target = signals[plan.edgeTo[e]];
      int credit = edgeQueue[e].takeCredit();
      if (target.count() == 0) {
        credit = edgeQueue[e].count();
      }
      target.add(kind, credit, slot, payload);
    }
  }

  /** Called by a node's {@link RaiseChannel}: queues a user signal behind the items pushed so far. */
  void raise(int s, int kind, Object payload) {
    if (raisedThisRun >= Protocol.MAX_SIGNALS_PER_VEC) {
      throw new IllegalStateException("raised more than MAX_SIGNALS_PER_VEC = "
          + Protocol.MAX_SIGNALS_PER_VEC + " signals for one item");
    }
    raisedThisRun++;
    emit(plan.origin[s], kind, -1, payload);
  }

  /** Wraps a failure in user code or on bad input with the pipeline, node and item. */
  public PipelineException failure(int s, String item, Throwable cause) {
    if (cause instanceof PipelineException p) {
      return p;
    }
    if (cause instanceof QueueOverflowException) {
      // not the node's fault: the protocol let a producer run without room for its output
      throw new IllegalStateException(plan.name + ": queue overflow while node '" + plan.stageNames[s]
          + "' ran; state: " + state(), cause);
    }
    String what = cause instanceof MaxExceededException
        ? cause.getMessage()
        : cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
    String where = s == 0 || sourceExhausted ? "" : " (this instance was reading " + chunk + ")";
    return new PipelineException(plan.name, plan.stageNames[s], item, what + where, cause);
  }

  private void checkDrained() {
    for (int s = 1; s < plan.stageCount(); s++) {
      if (input[s].count() != 0 || signals[s].count() != 0 || openSlot[s] >= 0 || blocked[s]) {
        throw new IllegalStateException(plan.name + ": the run ended with work left; state: " + state());
      }
      if (input[s].pushed() != stats.consumed[s]) {
        throw new IllegalStateException(plan.name + ": node '" + plan.stageNames[s] + "' consumed "
            + stats.consumed[s] + " of " + input[s].pushed() + " items pushed to it");
      }
    }
    if (!sourceExhausted) {
      throw new IllegalStateException(plan.name + ": the run ended before the input was read");
    }
  }

  /** Every stage's queue sizes and flags, for error messages. */
  public String state() {
    StringBuilder b = new StringBuilder();
    for (int s = 0; s < plan.stageCount(); s++) {
      b.append(s == 0 ? "" : "; ").append(plan.stageNames[s]).append('{');
      if (s > 0) {
        b.append("data=").append(input[s].count()).append('/').append(input[s].capacity())
            .append(" signals=").append(signals[s].count());
      } else {
        b.append("exhausted=").append(sourceExhausted);
      }
      b.append(active[s] ? " ACTIVE" : "").append(blocked[s] ? " BLOCKED" : "");
      if (flush[s] != NOT_FLUSHING) {
        b.append(" flush=").append(flush[s]);
      }
      b.append('}');
    }
    return b.toString();
  }

  /** Per-stage counters of one instance. */
  static final class Stats {
    final long[] consumed;
    final long[] firings;
    final long[] runs;
    final long[] dataRuns;
    final long[] filled;
    final long[] signals;
    final long[] flushes;
    final long[] blocks;
    final long[] opened;
    /** Firings that ended with part of a pending signal's credit used and stored back. */
    final long[] creditStores;

    Stats(int n) {
      creditStores = new long[n];
      opened = new long[n];
      consumed = new long[n];
      firings = new long[n];
      runs = new long[n];
      dataRuns = new long[n];
      filled = new long[n];
      signals = new long[n];
      flushes = new long[n];
      blocks = new long[n];
    }
  }
}
