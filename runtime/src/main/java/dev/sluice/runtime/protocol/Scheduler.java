package dev.sluice.runtime.protocol;

import static dev.sluice.runtime.protocol.PlanCode.*;
import static dev.sluice.runtime.protocol.StateLayout.*;

/**
 * The one scheduler: the scheduling protocol with signals, regions and flushing
 * ({@code DESIGN.md}; rules as predicates in {@link Protocol}), over one pipeline instance's state
 * in {@code int} arrays. Both back ends drive these same methods: the CPU back end
 * ({@code cpu.InstanceRunner}) on the JVM with one group per instance, and the generated OpenCL
 * kernel from lane 0 of each work-group, between barriers, where every lane then runs the chosen
 * node on item {@code offset + lane} of the run.
 *
 * <p>The procedure: {@link #next} picks the first fireable stage in priority order (ACTIVE, not
 * BLOCKED, no ACTIVE child) and starts its firing, then decides its next run: the items a run may
 * take under the credit rule, an enumerator's parent to open or elements to emit, or the handler of
 * a signal whose credit is used up; the driver runs it (node bodies are the back end's) and calls
 * {@link #afterRun}, which counts it, handles a due signal (forward, release the parent, unblock the
 * head), activates FULL children and ends the firing when a child is ACTIVE, the node BLOCKED or its
 * queues EMPTY; a node that empties while flushing passes its flush on. {@link #drained} is the
 * check at the end.
 *
 * <p>Aparapi translates these static methods into OpenCL, so they stay in its subset: primitive
 * locals declared once at the top of a block, no {@code break}, no {@code Math} calls, global
 * {@code int[]}/{@code long[]} arguments only (a {@code __local} array cannot be passed).
 *
 * <p>Arrays, all indexed per group {@code g} (layout: {@link StateLayout}):
 * <ul>
 *   <li>{@code plan}: the encoded plan ({@link PlanCode}, read-only, shared by all groups);
 *   <li>{@code st}: the scheduler's state;
 *   <li>{@code stats}: {@link StateLayout#STATS} counters per stage;
 *   <li>{@code err}: {@link StateLayout#ERR_STRIDE} words: claimed, code, stage, item slot, detail,
 *       and a second detail (an array's length).
 * </ul>
 */
public final class Scheduler {
  private Scheduler() {}

  /** {@link #next}: no stage can fire; the group is done. */
  public static final int STOP = -1;
  /** {@link #next}: the source needs a chunk; claim one and call {@link #claimed}. */
  public static final int NEED_CHUNK = -2;
  /**
   * {@link #next}: enumerator {@link StateLayout#S_STAGE} opens the parent at queue position {@link StateLayout#S_OFFSET}
   * into parent slot {@link StateLayout#S_PARENT}; copy it there, run {@code count} and call {@link #counted}.
   */
  public static final int NEED_COUNT = -3;
  private static final int UNDECIDED = -4;

  /** The stage of the run {@link #next} decided. */
  public static int runStage(int[] plan, int[] st, int g) {
    return st[header(plan, g, S_STAGE)];
  }

  /**
   * The first item of the decided run: a queue position (a node), an input position (the source), the
   * first element (an enumerator), or the signal kind (a handler run); for {@link #NEED_COUNT}, the
   * parent's queue position.
   */
  public static int runOffset(int[] plan, int[] st, int g) {
    return st[header(plan, g, S_OFFSET)];
  }

  /** Items (or elements) of the decided run. */
  public static int runLimit(int[] plan, int[] st, int g) {
    return st[header(plan, g, S_LIMIT)];
  }

  /** The parent slot of the decided run's items, or the signal's slot (parent or payload) for a handler run. */
  public static int runParent(int[] plan, int[] st, int g) {
    return st[header(plan, g, S_PARENT)];
  }

  /** The handler the decided run executes, or -1 for a run over items. */
  public static int runHandler(int[] plan, int[] st, int g) {
    return st[header(plan, g, S_HANDLER)];
  }

  /** Items the current firing consumed before the decided run: its first item, counted from the queue head. */
  public static int runUsed(int[] plan, int[] st, int g) {
    return st[header(plan, g, S_USED)];
  }

  /** The parent slot of the items now reaching stage {@code s} (set when it handles BEGIN of its region). */
  public static int parentSlot(int[] plan, int[] st, int g, int s) {
    return st[word(plan, base(plan, g), W_PARENT, s)];
  }

  /**
   * Stage {@code s} raised user signal {@code kind} with its payload in slot {@code slot}: it is queued
   * on the stage's origin edges behind every item pushed so far (a driver that counts pushes as they
   * happen; the kernel, which reserves a run's items after the run, calls {@link #raised} per edge).
   */
  public static void originate(int[] plan, int[] st, int[] err, int g, int s, int kind, int slot) {
    int k = kindOf(plan, stage(s), kind);
    emit(plan, st, err, g, plan[k + K_ORIGIN_FROM], plan[k + K_ORIGIN_TO], kind, slot);
  }

  /**
   * The drain check at the end of a run: 1 when group {@code g} read its whole input, has no firing
   * open and every stage's queues are empty, no parent open and nothing BLOCKED; else 0.
   */
  public static int drained(int[] plan, int[] st, int g) {
    int ok = exhausted(plan, st, g) && idle(plan, st, g) ? 1 : 0;
    int b = base(plan, g);
    int s = 0;
    for (s = 1; s < plan[P_STAGES]; s++) {
      if (st[word(plan, b, W_COUNT, s)] != 0 || st[word(plan, b, W_SIG_COUNT, s)] != 0
          || st[word(plan, b, W_OPEN_SLOT, s)] >= 0 || st[word(plan, b, W_BLOCKED, s)] != 0) {
        ok = 0;
      }
    }
    return ok;
  }

  /** Whether group {@code g} read its whole input. */
  public static boolean exhausted(int[] plan, int[] st, int g) {
    return st[base(plan, g) + S_EXHAUSTED] == 1;
  }

  /** Whether group {@code g} is between firings. */
  public static boolean idle(int[] plan, int[] st, int g) {
    return st[base(plan, g) + S_FIRING] == -1;
  }

  /** What stage {@code s} of group {@code g} still holds (items, signals, an open or blocked enumerator), or "". */
  public static String leftAt(int[] plan, int[] st, int g, int s) {
    int b = base(plan, g);
    StringBuilder left = new StringBuilder();
    if (st[word(plan, b, W_COUNT, s)] != 0) {
      left.append(" items=").append(st[word(plan, b, W_COUNT, s)]);
    }
    if (st[word(plan, b, W_SIG_COUNT, s)] != 0) {
      left.append(" signals=").append(st[word(plan, b, W_SIG_COUNT, s)]);
    }
    if (s > 0 && st[word(plan, b, W_OPEN_SLOT, s)] >= 0) {
      left.append(" open-parent");
    }
    if (st[word(plan, b, W_BLOCKED, s)] != 0) {
      left.append(" BLOCKED");
    }
    return left.toString();
  }

  /** Resets group {@code g}: only the source is ACTIVE, nothing is flushing, queues and parent buffers are empty. */
  public static void begin(int[] plan, int[] st, long[] stats, int[] err, int g) {
    int b = base(plan, g);
    int n = plan[P_STAGES];
    int words = plan[P_STATE];
    int regions = plan[P_REGIONS];
    int i = 0;
    int r = 0;
    int size = 0;
    int at = 0;
    for (i = 0; i < words; i++) {
      st[b + i] = 0;
    }
    for (i = 0; i < n; i++) {
      st[word(plan, b, W_FLUSH, i)] = Protocol.NOT_FLUSHING;
      st[word(plan, b, W_PARENT, i)] = -1;
      st[word(plan, b, W_OPEN_SLOT, i)] = -1;
    }
    for (r = 1; r < regions; r++) {
      size = plan[regionOf(plan, r) + R_BUFFER];
      at = region(plan, b, r);
      for (i = 0; i < size; i++) {
        st[at + size + i] = size - 1 - i;
      }
      st[at + 2 * size] = size;
      st[at + 2 * size + 1] = -1;
    }
    for (i = 0; i < n * STATS; i++) {
      stats[g * n * STATS + i] = 0;
    }
    for (i = 0; i < ERR_STRIDE; i++) {
      err[g * ERR_STRIDE + i] = 0;
    }
    st[b + S_FIRING] = -1;
    st[b + S_HANDLER] = -1;
    st[word(plan, b, W_ACTIVE, 0)] = 1;
  }

  /** Records an error for group {@code g} unless one is recorded already. */
  public static void fail(int[] err, int g, int code, int stage, int slot, int detail) {
    int e = g * ERR_STRIDE;
    if (err[e + E_CLAIMED] == 0) {
      err[e + E_CLAIMED] = 1;
      err[e + E_CODE] = code;
      err[e + E_STAGE] = stage;
      err[e + E_SLOT] = slot;
      err[e + E_DETAIL] = detail;
    }
  }

  private static void bump(long[] stats, int[] plan, int g, int s, int counter, int by) {
    int at = statAt(plan, g, s, counter);
    stats[at] = stats[at] + by;
  }

  /** The first stage in priority order that is ACTIVE, not BLOCKED, with no ACTIVE child, or -1. */
  public static int fireable(int[] plan, int[] st, int g) {
    int b = base(plan, g);
    int n = plan[P_STAGES];
    int priority = plan[P_PRIORITY];
    int found = -1;
    int i = 0;
    int s = 0;
    int c = 0;
    int to = 0;
    int ws = 0;
    int childActive = 0;
    for (i = 0; i < n && found < 0; i++) {
      s = plan[priority + i];
      ws = stageWords(b, s);
      if (st[ws + W_ACTIVE] == 1 && st[ws + W_BLOCKED] == 0) {
        childActive = 0;
        to = plan[stage(s) + F_CHILD_TO];
        for (c = plan[stage(s) + F_CHILD_FROM]; c < to; c++) {
          childActive = childActive | st[word(plan, b, W_ACTIVE, plan[c])];
        }
        if (childActive == 0) {
          found = s;
        }
      }
    }
    return found;
  }

  /**
   * Activates each child of {@code s} with a FULL data or signal queue; 1 if any child is ACTIVE
   * afterwards. A data queue is FULL against the most items one run of any of its producers can push,
   * so with fan-in the other producers' next runs fit too.
   */
  private static int activateFullChildren(int[] plan, int[] st, int b, int s) {
    int any = 0;
    int i = 0;
    int c = 0;
    int ws = 0;
    int active = 0;
    int from = plan[stage(s) + F_CHILD_FROM];
    int to = plan[stage(s) + F_CHILD_TO];
    int sigCap = plan[P_SIG_CAP];
    for (i = from; i < to; i++) {
      c = plan[i];
      ws = stageWords(b, c);
      active = st[ws + W_ACTIVE];
      if (Protocol.dataFull(plan[stage(c) + F_CAPACITY] - st[ws + W_COUNT], plan[stage(c) + F_QUEUE_MAX])
          || Protocol.signalFull(sigCap - st[ws + W_SIG_COUNT])) {
        active = 1;
        st[ws + W_ACTIVE] = 1;
      }
      any = any | active;
    }
    return any;
  }

  /** Passes flush {@code f} from {@code s} to the children it reaches, activating them. */
  private static void propagateFlush(int[] plan, int[] st, int b, int s, int f) {
    int i = 0;
    int c = 0;
    int ws = 0;
    int to = plan[stage(s) + F_CHILD_TO];
    for (i = plan[stage(s) + F_CHILD_FROM]; i < to; i++) {
      c = plan[i];
      if (Protocol.flushReaches(f, plan[stage(c) + F_LABEL])) {
        ws = stageWords(b, c);
        st[ws + W_FLUSH] = Protocol.mergeFlush(st[ws + W_FLUSH], f);
        st[ws + W_ACTIVE] = 1;
      }
    }
  }

  /**
   * Queues signal {@code kind} with parent slot {@code slot} at the stages listed in the plan from
   * {@code from} to {@code to} (a stage's origin or forward targets for the kind).
   */
  private static void emit(int[] plan, int[] st, int[] err, int g, int from, int to, int kind, int slot) {
    int i = 0;
    for (i = from; i < to; i++) {
      enqueue(plan, st, err, g, plan[i], kind, slot, 0);
    }
  }

  /**
   * Queues a signal at stage {@code c} behind {@code ahead} items the current run is about to add to
   * its queue: its credit is every item in the queue if no signal is pending there, else the items
   * pushed since the last signal.
   */
  private static void enqueue(int[] plan, int[] st, int[] err, int g, int c, int kind, int slot, int ahead) {
    int b = base(plan, g);
    int cap = plan[P_SIG_CAP];
    int rings = b + plan[P_RING];
    int ws = stageWords(b, c);
    int count = st[ws + W_COUNT];
    int signals = st[ws + W_SIG_COUNT];
    int pushed = st[ws + W_RELEASED] + count + ahead;
    int credit = pushed - st[ws + W_PUSHED_AT_SIGNAL];
    int at = 0;
    st[ws + W_PUSHED_AT_SIGNAL] = pushed;
    if (signals == 0) {
      credit = count + ahead;
    }
    if (signals >= cap) {
      fail(err, g, ERR_SIGNALS, c, 0, cap);
    } else {
      at = ringEntry(rings, cap, c, wrap(st[ws + W_SIG_HEAD] + signals, cap));
      st[at] = kind;
      st[at + 1] = credit;
      st[at + 2] = slot;
      st[ws + W_SIG_COUNT] = signals + 1;
    }
  }

  /** A free slot of region {@code r}'s parent buffer holding {@code refs} references, or -1 when it is full. */
  private static int allocate(int[] plan, int[] st, int b, int r, int refs) {
    int at = region(plan, b, r);
    int size = plan[regionOf(plan, r) + R_BUFFER];
    int free = st[at + 2 * size];
    int slot = -1;
    if (free > 0) {
      st[at + 2 * size] = free - 1;
      slot = st[at + size + free - 1];
      st[at + slot] = refs;
    }
    return slot;
  }

  /** Drops one reference to parent {@code slot} of region {@code r}; a freed slot unblocks the waiting head. */
  private static void release(int[] plan, int[] st, int[] err, int g, int s, int r, int slot) {
    int b = base(plan, g);
    int at = region(plan, b, r);
    int size = plan[regionOf(plan, r) + R_BUFFER];
    int refs = st[at + slot];
    int free = 0;
    int waiter = 0;
    if (refs <= 0) {
      fail(err, g, ERR_RELEASE, s, slot, r);
    } else {
      st[at + slot] = refs - 1;
      if (refs == 1) {
        free = st[at + 2 * size];
        st[at + size + free] = slot;
        st[at + 2 * size] = free + 1;
        waiter = st[at + 2 * size + 1];
        if (waiter >= 0) {
          // a slot freed: unblock the head; it is still ACTIVE, so it fires when it can
          st[word(plan, b, W_BLOCKED, waiter)] = 0;
          st[at + 2 * size + 1] = -1;
        }
      }
    }
  }

  /** Handles the signal {@code offset} places behind the head of {@code s}'s signal queue. */
  private static void handleSignal(int[] plan, int[] st, int[] err, int g, int s, int offset, int forward) {
    int b = base(plan, g);
    int cap = plan[P_SIG_CAP];
    int ws = stageWords(b, s);
    int at = ringEntry(b + plan[P_RING], cap, s, wrap(st[ws + W_SIG_HEAD] + offset, cap));
    int kind = st[at];
    int slot = st[at + 2];
    int k = kindOf(plan, stage(s), kind);
    int r = plan[k + K_REGION];
    int from = plan[k + K_FORWARD_FROM];
    int to = plan[k + K_FORWARD_TO];
    if (plan[k + K_BEGIN] == 1 && r == plan[stage(s) + F_LABEL]) {
      st[ws + W_PARENT] = slot;
    }
    if (plan[k + K_RELEASE] == 1) {
      release(plan, st, err, g, s, r, slot);
    }
    if (forward == 1) {
      emit(plan, st, err, g, from, to, kind, slot);
    }
  }

  /**
   * Decides group {@code g}'s next run and writes it to {@link StateLayout#S_STAGE}, {@link StateLayout#S_OFFSET},
   * {@link StateLayout#S_LIMIT} and {@link StateLayout#S_PARENT}. Returns the stage, {@link #STOP}, {@link #NEED_CHUNK} or
   * {@link #NEED_COUNT}. Signals whose credit is used up are handled here, between runs.
   */
  public static int next(int[] plan, int[] st, long[] stats, int[] err, int g) {
    int b = base(plan, g);
    int width = plan[P_WIDTH];
    int cap = plan[P_SIG_CAP];
    int rings = b + plan[P_RING];
    int maxSteps = plan[P_MAX_STEPS];
    int result = UNDECIDED;
    int s = 0;
    int ws = 0;
    int rec = 0;
    int k = 0;
    int used = 0;
    int remaining = 0;
    int inputs = 0;
    int capacity = 0;
    int flushing = 0;
    int pending = 0;
    int limit = 0;
    int r = 0;
    int refs = 0;
    int slot = 0;
    int n = 0;
    int at = 0;
    int kind = 0;
    int handler = 0;
    int pos = 0;
    int end = 0;
    while (result == UNDECIDED) {
      if (err[g * ERR_STRIDE + E_CLAIMED] != 0) {
        result = STOP;
      } else {
        s = st[b + S_FIRING];
        if (s < 0) {
          s = fireable(plan, st, g);
          if (s < 0) {
            result = STOP;
          } else {
            n = st[b + S_STEPS] + 1;
            st[b + S_STEPS] = n;
            if (n > maxSteps) {
              fail(err, g, ERR_STEPS, s, 0, maxSteps);
              result = STOP;
            } else {
              start(plan, st, stats, g, s);
            }
          }
        }
        ws = stageWords(b, s);
        rec = stage(s);
        if (result == UNDECIDED && s == 0) {
          pos = st[b + S_POS];
          end = st[b + S_END];
          if (pos >= end) {
            result = NEED_CHUNK;
          } else {
            st[b + S_STAGE] = 0;
            st[b + S_HANDLER] = -1;
            st[b + S_OFFSET] = pos;
            st[b + S_LIMIT] = Protocol.atMost(width, end - pos);
            result = 0;
          }
        } else if (result == UNDECIDED && st[b + S_DUE] == 1) {
          // the handler of the signal whose credit is used up: the kernel's decide() runs it on lane 0
          // and calls afterRun() before asking again, so it never takes a pass of the lanes
          at = ringEntry(rings, cap, s, wrap(st[ws + W_SIG_HEAD] + st[b + S_SIG_USED], cap));
          kind = st[at];
          slot = st[at + 2];
          k = kindOf(plan, rec, kind);
          handler = plan[k + K_HANDLER];
          if (plan[k + K_BEGIN] == 1 && plan[k + K_REGION] == plan[rec + F_LABEL]) {
            st[ws + W_PARENT] = slot;
          }
          if (Protocol.passedOnBeforeHandler(plan[k + K_BEGIN] == 1)) {
            emit(plan, st, err, g, plan[k + K_FORWARD_FROM], plan[k + K_FORWARD_TO], kind, slot);
          }
          st[b + S_STAGE] = s;
          st[b + S_HANDLER] = handler;
          st[b + S_OFFSET] = kind;
          st[b + S_LIMIT] = 0;
          st[b + S_PARENT] = slot;
          result = s;
        } else if (result == UNDECIDED) {
          inputs = plan[rec + F_INPUTS_PER_RUN];
          capacity = plan[rec + F_CAPACITY];
          used = st[b + S_USED];
          remaining = st[ws + W_COUNT] - used;
          flushing = st[b + S_FLUSHING];
          pending = st[b + S_SIGS] - st[b + S_SIG_USED] > 0 ? 1 : 0;
          limit = Protocol.runLimit(remaining, inputs, pending == 1, st[b + S_CREDIT], flushing == 1);
          if (Protocol.dataEmpty(remaining, inputs, flushing == 1) && pending == 0) {
            finish(plan, st, stats, err, g, s);
          } else if (limit > 0 && plan[rec + F_KIND] == KIND_ENUMERATE) {
            r = plan[rec + F_HEADS];
            slot = st[ws + W_OPEN_SLOT];
            if (slot < 0) {
              refs = plan[regionOf(plan, r) + R_TERMINALS];
              slot = allocate(plan, st, b, r, refs > 0 ? refs : 1);
              if (slot < 0) {
                // full: flush the region so its terminals release parents, and wait for a free slot
                st[ws + W_BLOCKED] = 1;
                st[region(plan, b, r) + 2 * plan[regionOf(plan, r) + R_BUFFER] + 1] = s;
                propagateFlush(plan, st, b, s, r);
                bump(stats, plan, g, s, C_BLOCKS, 1);
                bump(stats, plan, g, s, C_RUNS, 1);
                consumed(plan, st, stats, err, g, s, 0);
              } else {
                st[ws + W_OPEN_SLOT] = slot;
                st[b + S_STAGE] = s;
                st[b + S_OFFSET] = wrap(st[ws + W_HEAD] + used, capacity);
                st[b + S_PARENT] = slot;
                result = NEED_COUNT;
              }
            } else {
              n = Protocol.atMost(width, st[ws + W_OPEN_COUNT] - st[ws + W_OPEN_NEXT]);
              if (n > 0) {
                st[b + S_STAGE] = s;
                st[b + S_HANDLER] = -1;
                st[b + S_OFFSET] = st[ws + W_OPEN_NEXT];
                st[b + S_LIMIT] = n;
                st[b + S_PARENT] = slot;
                result = s;
              } else {
                // a parent without elements: BEGIN is out, END follows at once
                bump(stats, plan, g, s, C_RUNS, 1);
                closeParent(plan, st, err, g, s);
                consumed(plan, st, stats, err, g, s, 1);
              }
            }
          } else if (limit > 0) {
            st[b + S_STAGE] = s;
            st[b + S_HANDLER] = -1;
            st[b + S_OFFSET] = wrap(st[ws + W_HEAD] + used, capacity);
            st[b + S_LIMIT] = limit;
            st[b + S_PARENT] = st[ws + W_PARENT];
            result = s;
          } else {
            // no items before the pending signal: a run with the signal alone
            bump(stats, plan, g, s, C_RUNS, 1);
            consumed(plan, st, stats, err, g, s, 0);
          }
        }
      }
    }
    return result;
  }

  /** Starts a firing of {@code s}: nothing used, the flush status and the first signal's credit read. */
  private static void start(int[] plan, int[] st, long[] stats, int g, int s) {
    int b = base(plan, g);
    int ws = stageWords(b, s);
    int label = plan[stage(s) + F_LABEL];
    int at = ringEntry(b + plan[P_RING], plan[P_SIG_CAP], s, st[ws + W_SIG_HEAD]);
    int signals = st[ws + W_SIG_COUNT];
    int counters = statAt(plan, g, s, 0);
    st[b + S_FIRING] = s;
    st[b + S_USED] = 0;
    st[b + S_SIG_USED] = 0;
    st[b + S_FLUSHING] = s > 0 && Protocol.flushing(st[ws + W_FLUSH], label) ? 1 : 0;
    st[b + S_SIGS] = signals;
    st[b + S_CREDIT] = 0;
    if (signals > 0) {
      st[b + S_CREDIT] = st[at + 1];
    }
    stats[counters + C_FIRINGS] = stats[counters + C_FIRINGS] + 1;
  }

  /**
   * The source claimed input positions {@code [from, from + chunk)} of {@code length}: a chunk to
   * read, or the end of the input (the source goes inactive and flushes region 0).
   */
  public static void claimed(int[] plan, int[] st, long[] stats, int g, int from, int length) {
    int b = base(plan, g);
    if (from >= length || from < 0) {
      st[b + S_EXHAUSTED] = 1;
      st[word(plan, b, W_ACTIVE, 0)] = 0;
      st[b + S_FIRING] = -1;
      propagateFlush(plan, st, b, 0, Protocol.END_OF_INPUT_FLUSH);
      bump(stats, plan, g, 0, C_FLUSHES, 1);
    } else {
      st[b + S_POS] = from;
      // from + chunk may pass Integer.MAX_VALUE (a chunk size near it, or an input that long): compared
      // without the sum, so the end is never a wrapped, negative one (the scheduled CPU executor spun there)
      st[b + S_END] = from > length - plan[P_CHUNK] ? length : from + plan[P_CHUNK];
    }
  }

  /**
   * The kernel's claim: {@code k}, the number of chunks the instances claimed before this one (one
   * atomic increment each), is this claim's chunk of the {@code length} items, or none past the last.
   * Counting chunks, not items, keeps the shared counter from wrapping: every instance adds once more
   * after the input is used up, and in items that was a chunk each (a chunk of 2^22 items with 1,024
   * work-groups passed 2^32 and came round to chunks already claimed, run twice).
   */
  public static void claimedChunk(int[] plan, int[] st, long[] stats, int g, int k, int length) {
    int chunk = plan[P_CHUNK];
    // k <= (length - 1) / chunk: k * chunk is at most length - 1, so it fits an int
    claimed(plan, st, stats, g, k >= 0 && k <= (length - 1) / chunk ? k * chunk : -1, length);
  }

  /**
   * Enumerator {@link StateLayout#S_STAGE}'s {@code count} returned {@code count} for the parent now in slot
   * {@link StateLayout#S_PARENT}: a count outside the region's limit is an error; else the parent is open, and
   * BEGIN goes out ahead of its elements.
   */
  public static void counted(int[] plan, int[] st, long[] stats, int[] err, int g, int count) {
    int b = base(plan, g);
    int s = st[b + S_STAGE];
    int ws = stageWords(b, s);
    int rr = regionOf(plan, plan[stage(s) + F_HEADS]);
    int begin = plan[rr + R_BEGIN];
    int k = kindOf(plan, stage(s), begin);
    if (count < 0 || count > plan[rr + R_MAX_ELEMENTS]) {
      fail(err, g, ERR_COUNT, s, st[b + S_OFFSET], count);
    } else {
      st[ws + W_OPEN_COUNT] = count;
      st[ws + W_OPEN_NEXT] = 0;
      bump(stats, plan, g, s, C_OPENED, 1);
      emit(plan, st, err, g, plan[k + K_ORIGIN_FROM], plan[k + K_ORIGIN_TO], begin, st[b + S_PARENT]);
    }
  }

  /**
   * Reserves {@code total} slots at the tail of edge {@code e}'s target queue and returns the
   * position of the first; the slots count as queued at once, since
   * the lanes fill them before lane 0 looks again. Edges into sinks are reserved by the kernel with
   * {@code atomicAdd}.
   */
  public static int reserve(int[] plan, int[] st, int[] err, int g, int e, int total) {
    int b = base(plan, g);
    int c = plan[plan[P_EDGE_TO] + e];
    int capacity = plan[stage(c) + F_CAPACITY];
    int reserved = edgeBase(plan, g, e);
    int ws = stageWords(b, c);
    int count = st[ws + W_COUNT];
    int first = wrap(st[ws + W_HEAD] + count, capacity);
    if (count + total > capacity) {
      fail(err, g, ERR_OVERFLOW, c, 0, total);
    }
    st[ws + W_COUNT] = count + total;
    st[reserved] = first;
    return first;
  }

  /**
   * A lane raised user signal {@code kind} with payload slot {@code slot} after {@code ahead} of this
   * run's items on edge {@code e}: queues it at the edge's target behind those items, before the run's
   * items are reserved (call it ahead of {@link #reserve} for the edge).
   */
  public static void raised(int[] plan, int[] st, int[] err, int g, int e, int kind, int slot, int ahead) {
    enqueue(plan, st, err, g, plan[plan[P_EDGE_TO] + e], kind, slot, ahead);
  }

  /**
   * The run of a node that raised signals ends after the first item that raised them ({@code items}
   * of them), as on the CPU: a run's signals come from one item. The later lanes' work is dropped
   * and they run again in the next run.
   */
  public static void truncate(int[] plan, int[] st, int g, int items) {
    st[base(plan, g) + S_LIMIT] = items;
  }

  /** Counts {@code total} items pushed by {@code s} on one channel (once, however many edges it feeds). */
  public static void pushed(int[] plan, long[] stats, int g, int s, int total) {
    bump(stats, plan, g, s, C_PUSHED, total);
  }

  /**
   * After the lanes ran {@code s} on {@link StateLayout#S_LIMIT} items (elements, for an enumerator): counts the
   * run; an enumerator closes its parent after the last element. Then as after every run: a signal
   * whose credit is used up is handled, FULL children are activated, and the firing ends when a child
   * is ACTIVE, the node blocked, or it has nothing left.
   */
  public static void afterRun(int[] plan, int[] st, long[] stats, int[] err, int g, int s) {
    int b = base(plan, g);
    int ws = stageWords(b, s);
    int kind = plan[stage(s) + F_KIND];
    int counters = statAt(plan, g, s, 0);
    int limit = st[b + S_LIMIT];
    int next = 0;
    int forward = 1;
    if (st[b + S_HANDLER] >= 0) {
      // the handler ran: the signal's handling is completed and the firing goes on (the run that
      // used up the credit was counted already, as on the CPU)
      st[b + S_HANDLER] = -1;
      st[b + S_DUE] = 0;
      if (Protocol.passedOnBeforeHandler(plan[kindOf(plan, stage(s), st[b + S_OFFSET]) + K_BEGIN] == 1)) {
        // it went on before the handler ran (next())
        forward = 0;
      }
      signalDone(plan, st, err, g, s, forward);
      endOfRun(plan, st, stats, err, g, s);
    } else {
      stats[counters + C_RUNS] = stats[counters + C_RUNS] + 1;
      stats[counters + C_DATA_RUNS] = stats[counters + C_DATA_RUNS] + 1;
      stats[counters + C_FILLED] = stats[counters + C_FILLED] + limit;
      if (s == 0) {
        st[b + S_POS] = st[b + S_POS] + limit;
        stats[counters + C_CONSUMED] = stats[counters + C_CONSUMED] + limit;
        if (activateFullChildren(plan, st, b, 0) == 1) {
          st[b + S_FIRING] = -1;
        }
      } else if (kind == KIND_ENUMERATE) {
        next = st[ws + W_OPEN_NEXT] + limit;
        st[ws + W_OPEN_NEXT] = next;
        if (next >= st[ws + W_OPEN_COUNT]) {
          closeParent(plan, st, err, g, s);
          consumed(plan, st, stats, err, g, s, 1);
        } else {
          consumed(plan, st, stats, err, g, s, 0);
        }
      } else {
        consumed(plan, st, stats, err, g, s, limit);
      }
    }
  }

  /** Enumerator {@code s} emitted its open parent's last element: END goes out, and the parent is consumed. */
  private static void closeParent(int[] plan, int[] st, int[] err, int g, int s) {
    int b = base(plan, g);
    int ws = stageWords(b, s);
    int r = plan[stage(s) + F_HEADS];
    int rr = regionOf(plan, r);
    int size = plan[rr + R_BUFFER];
    int terminals = plan[rr + R_TERMINALS];
    int end = plan[rr + R_END];
    int k = kindOf(plan, stage(s), end);
    int at = region(plan, b, r);
    int slot = st[ws + W_OPEN_SLOT];
    int free = 0;
    emit(plan, st, err, g, plan[k + K_ORIGIN_FROM], plan[k + K_ORIGIN_TO], end, slot);
    if (terminals == 0) {
      // no node in the region holds the parent: it is free as soon as it is closed
      st[at + slot] = 0;
      free = st[at + 2 * size];
      st[at + size + free] = slot;
      st[at + 2 * size] = free + 1;
      st[at + 2 * size + 1] = -1;
    }
    st[ws + W_OPEN_SLOT] = -1;
  }

  /**
   * The end of one run of firing node {@code s}, which consumed {@code x} items: a pending signal's
   * credit shrinks by them, and once it is used up the signal is handled; then the firing goes on or
   * ends, as on the CPU.
   */
  private static void consumed(int[] plan, int[] st, long[] stats, int[] err, int g, int s, int x) {
    int b = base(plan, g);
    int ws = stageWords(b, s);
    int cap = plan[P_SIG_CAP];
    int rings = b + plan[P_RING];
    int rec = stage(s);
    int handled = st[b + S_SIG_USED];
    int credit = 0;
    int at = 0;
    st[b + S_USED] = st[b + S_USED] + x;
    if (st[b + S_SIGS] - handled > 0) {
      credit = st[b + S_CREDIT] - x;
      st[b + S_CREDIT] = credit;
      if (credit == 0 && st[ws + W_BLOCKED] == 0) {
        at = ringEntry(rings, cap, s, wrap(st[ws + W_SIG_HEAD] + handled, cap));
        if (plan[kindOf(plan, rec, st[at]) + K_HANDLER] >= 0) {
          // the node handles it: next() runs the handler first, afterRun() completes the signal
          st[b + S_DUE] = 1;
        } else {
          signalDone(plan, st, err, g, s, 1);
        }
      }
    }
    if (st[b + S_DUE] == 0) {
      endOfRun(plan, st, stats, err, g, s);
    }
  }

  /**
   * The firing node's first unhandled signal is handled: pass it on (unless {@code forward} is 0: it
   * went on already), and read the next one's credit.
   */
  private static void signalDone(int[] plan, int[] st, int[] err, int g, int s, int forward) {
    int b = base(plan, g);
    int ws = stageWords(b, s);
    int cap = plan[P_SIG_CAP];
    int rings = b + plan[P_RING];
    int handled = st[b + S_SIG_USED];
    handleSignal(plan, st, err, g, s, handled, forward);
    handled = handled + 1;
    st[b + S_SIG_USED] = handled;
    st[b + S_CREDIT] = 0;
    if (st[b + S_SIGS] - handled > 0) {
      st[b + S_CREDIT] = st[ringEntry(rings, cap, s, wrap(st[ws + W_SIG_HEAD] + handled, cap)) + 1];
    }
  }

  /** After a run: FULL children are activated; the firing ends when a child is ACTIVE, the node blocked, or it has nothing left. */
  private static void endOfRun(int[] plan, int[] st, long[] stats, int[] err, int g, int s) {
    int b = base(plan, g);
    int ws = stageWords(b, s);
    int inputs = plan[stage(s) + F_INPUTS_PER_RUN];
    int childActive = activateFullChildren(plan, st, b, s);
    if (childActive == 1 || st[ws + W_BLOCKED] == 1
        || (Protocol.dataEmpty(st[ws + W_COUNT] - st[b + S_USED], inputs, st[b + S_FLUSHING] == 1)
            && st[b + S_SIGS] - st[b + S_SIG_USED] == 0)) {
      finish(plan, st, stats, err, g, s);
    }
  }

  /**
   * Ends the firing of {@code s}: releases the consumed items and handled signals, and stores the
   * unused credit back into the first signal left; a node with nothing left (no items, no signals, no
   * open parent) goes inactive and, if it was flushing, passes the flush on.
   */
  private static void finish(int[] plan, int[] st, long[] stats, int[] err, int g, int s) {
    int b = base(plan, g);
    int ws = stageWords(b, s);
    int capacity = plan[stage(s) + F_CAPACITY];
    int inputs = plan[stage(s) + F_INPUTS_PER_RUN];
    int cap = plan[P_SIG_CAP];
    int rings = b + plan[P_RING];
    int counters = statAt(plan, g, s, 0);
    int used = st[b + S_USED];
    int handled = st[b + S_SIG_USED];
    int flushing = st[b + S_FLUSHING];
    int credit = st[b + S_CREDIT];
    int count = st[ws + W_COUNT] - used;
    int signals = st[ws + W_SIG_COUNT] - handled;
    int sigHead = wrap(st[ws + W_SIG_HEAD] + handled, cap);
    int at = ringEntry(rings, cap, s, sigHead) + 1;
    st[ws + W_HEAD] = wrap(st[ws + W_HEAD] + used, capacity);
    st[ws + W_COUNT] = count;
    st[ws + W_RELEASED] = st[ws + W_RELEASED] + used;
    st[ws + W_SIG_HEAD] = sigHead;
    st[ws + W_SIG_COUNT] = signals;
    if (signals > 0) {
      if (st[at] != credit) {
        stats[counters + C_CREDIT_STORES] = stats[counters + C_CREDIT_STORES] + 1;
      }
      st[at] = credit;
    }
    stats[counters + C_CONSUMED] = stats[counters + C_CONSUMED] + used;
    stats[counters + C_SIGNALS] = stats[counters + C_SIGNALS] + handled;
    st[b + S_FIRING] = -1;
    st[b + S_USED] = 0;
    st[b + S_SIG_USED] = 0;
    if (Protocol.dataEmpty(count, inputs, flushing == 1) && signals == 0 && st[ws + W_OPEN_SLOT] < 0) {
      st[ws + W_ACTIVE] = 0;
      if (flushing == 1) {
        propagateFlush(plan, st, b, s, st[ws + W_FLUSH]);
        st[ws + W_FLUSH] = Protocol.NOT_FLUSHING;
        stats[counters + C_FLUSHES] = stats[counters + C_FLUSHES] + 1;
      }
    }
  }
}
