package dev.sluice.runtime.opencl;

import dev.sluice.runtime.protocol.Protocol;

/**
 * The scheduling protocol as lane 0 of a work-group runs it on the device: the same decisions as
 * {@link dev.sluice.runtime.cpu.Scheduler}, over one pipeline instance's counters in global memory.
 * A generated kernel calls these methods from lane 0 between barriers; every lane then fires the
 * chosen node on item {@code offset + lane} of the run.
 *
 * <p>Aparapi translates these static methods into OpenCL, so they stay in its subset: primitive
 * locals declared once at the top of a block, no {@code break}, global {@code int[]}/{@code long[]}
 * arguments only (a {@code __local} array cannot be passed). The same methods run on the JVM in unit
 * tests.
 *
 * <p>Arrays, all indexed per group {@code g}:
 * <ul>
 *   <li>{@code plan}: the encoded {@link DevicePlan} (read-only, shared by all groups);
 *   <li>{@code st}: per group, {@link #S_HEADER} words of firing state, then per stage ACTIVE, flush
 *       status, queue head and queue count, then one reserved base per edge;
 *   <li>{@code stats}: per group, {@link #STATS} counters per stage;
 *   <li>{@code err}: per group, {@link #ERR_STRIDE} words: claimed, code, stage, item slot, detail.
 * </ul>
 */
public final class DeviceScheduler {
  private DeviceScheduler() {}

  // -- the plan's header (DevicePlan writes it) --
  public static final int P_STAGES = 0;
  public static final int P_WIDTH = 1;
  public static final int P_EDGES = 2;
  public static final int P_STATE = 3;
  public static final int P_STATS = 4;
  public static final int P_MAX_STEPS = 5;
  public static final int P_CHUNK = 6;
  public static final int P_KIND = 8;
  public static final int P_LABEL = 9;
  public static final int P_INPUTS_PER_RUN = 10;
  public static final int P_CAPACITY = 11;
  public static final int P_PRIORITY = 12;
  public static final int P_CHILD_AT = 13;
  public static final int P_CHILDREN = 14;
  public static final int P_OUT_AT = 15;
  public static final int P_OUT = 16;
  public static final int P_EDGE_TO = 17;
  public static final int P_EDGE_MAX = 18;
  public static final int P_HEADER = 20;

  // -- per-group state --
  /** The stage being fired, or -1 between firings. */
  public static final int S_FIRING = 0;
  /** Items the current firing has consumed. */
  public static final int S_USED = 1;
  /** 1 when the firing node is flushing (decided when the firing starts). */
  public static final int S_FLUSHING = 2;
  /** 1 when the source has read all of its input. */
  public static final int S_EXHAUSTED = 3;
  /** The source's claimed chunk: next position and end. */
  public static final int S_POS = 4;
  public static final int S_END = 5;
  public static final int S_STEPS = 6;
  /** The run decided by {@link #next}: stage, first queue position (or input position), items. */
  public static final int S_STAGE = 7;
  public static final int S_OFFSET = 8;
  public static final int S_LIMIT = 9;
  public static final int S_HEADER = 12;

  // -- per-stage counters, in this order --
  public static final int C_CONSUMED = 0;
  public static final int C_PUSHED = 1;
  public static final int C_FIRINGS = 2;
  public static final int C_RUNS = 3;
  public static final int C_FILLED = 4;
  public static final int C_FLUSHES = 5;
  public static final int STATS = 6;

  // -- errors --
  public static final int ERR_STRIDE = 5;
  /** A node pushed more than its channel's {@code @Max} for one item (detail: channel index). */
  public static final int ERR_MAX = 1;
  /** More firings than {@code maxSteps}. */
  public static final int ERR_STEPS = 2;

  /** {@link #next}: no stage can fire; the group is done. */
  public static final int STOP = -1;
  /** {@link #next}: the source needs a chunk; claim one and call {@link #claimed}. */
  public static final int NEED_CHUNK = -2;
  private static final int UNDECIDED = -3;

  /** Stride of one group's state words in {@code st}. */
  public static int stateSize(int stages, int edges) {
    return S_HEADER + 4 * stages + edges;
  }

  private static int active(int[] plan, int b) {
    return b + S_HEADER;
  }

  private static int flush(int[] plan, int b) {
    return b + S_HEADER + plan[P_STAGES];
  }

  private static int head(int[] plan, int b) {
    return b + S_HEADER + 2 * plan[P_STAGES];
  }

  private static int count(int[] plan, int b) {
    return b + S_HEADER + 3 * plan[P_STAGES];
  }

  /** Index in {@code st} of the base reserved on edge {@code e} for the current run. */
  public static int edgeBase(int[] plan, int g, int e) {
    return g * plan[P_STATE] + S_HEADER + 4 * plan[P_STAGES] + e;
  }

  /** Index in {@code st} of stage {@code s}'s queue count. */
  public static int countAt(int[] plan, int g, int s) {
    return count(plan, g * plan[P_STATE]) + s;
  }

  /** Whether group {@code g} read its whole input. */
  public static boolean exhausted(int[] plan, int[] st, int g) {
    return st[g * plan[P_STATE] + S_EXHAUSTED] == 1;
  }

  /** Whether group {@code g} is between firings. */
  public static boolean idle(int[] plan, int[] st, int g) {
    return st[g * plan[P_STATE] + S_FIRING] == -1;
  }

  private static int capacity(int[] plan, int s) {
    return plan[plan[P_CAPACITY] + s];
  }

  /** Resets group {@code g}: only the source is ACTIVE, nothing is flushing, every queue is empty. */
  public static void begin(int[] plan, int[] st, long[] stats, int[] err, int g) {
    int b = g * plan[P_STATE];
    int n = plan[P_STAGES];
    int i = 0;
    for (i = 0; i < plan[P_STATE]; i++) {
      st[b + i] = 0;
    }
    for (i = 0; i < n; i++) {
      st[flush(plan, b) + i] = Protocol.NOT_FLUSHING;
    }
    for (i = 0; i < n * STATS; i++) {
      stats[g * n * STATS + i] = 0;
    }
    for (i = 0; i < ERR_STRIDE; i++) {
      err[g * ERR_STRIDE + i] = 0;
    }
    st[b + S_FIRING] = -1;
    st[active(plan, b)] = 1;
  }

  /** Records an error for group {@code g} unless one is recorded already. */
  public static void fail(int[] err, int g, int code, int stage, int slot, int detail) {
    int e = g * ERR_STRIDE;
    if (err[e] == 0) {
      err[e] = 1;
      err[e + 1] = code;
      err[e + 2] = stage;
      err[e + 3] = slot;
      err[e + 4] = detail;
    }
  }

  private static void bump(long[] stats, int[] plan, int g, int s, int counter, int by) {
    int at = (g * plan[P_STAGES] + s) * STATS + counter;
    stats[at] = stats[at] + by;
  }

  /** The first stage in priority order that is ACTIVE with no ACTIVE child, or -1. */
  public static int fireable(int[] plan, int[] st, int g) {
    int b = g * plan[P_STATE];
    int n = plan[P_STAGES];
    int found = -1;
    int i = 0;
    int s = 0;
    int c = 0;
    int childActive = 0;
    for (i = 0; i < n; i++) {
      s = plan[plan[P_PRIORITY] + i];
      if (found < 0 && st[active(plan, b) + s] == 1) {
        childActive = 0;
        for (c = plan[plan[P_CHILD_AT] + s]; c < plan[plan[P_CHILD_AT] + s + 1]; c++) {
          childActive = childActive | st[active(plan, b) + plan[plan[P_CHILDREN] + c]];
        }
        if (childActive == 0) {
          found = s;
        }
      }
    }
    return found;
  }

  /** Activates each child of {@code s} whose queue is FULL; 1 if any child is ACTIVE afterwards. */
  private static int activateFullChildren(int[] plan, int[] st, int b, int s) {
    int any = 0;
    int i = 0;
    int e = 0;
    int c = 0;
    for (i = plan[plan[P_OUT_AT] + s]; i < plan[plan[P_OUT_AT] + s + 1]; i++) {
      e = plan[plan[P_OUT] + i];
      c = plan[plan[P_EDGE_TO] + e];
      if (c >= 0) {
        if (Protocol.dataFull(capacity(plan, c) - st[count(plan, b) + c], plan[plan[P_EDGE_MAX] + e])) {
          st[active(plan, b) + c] = 1;
        }
        any = any | st[active(plan, b) + c];
      }
    }
    return any;
  }

  /** Passes flush {@code f} from {@code s} to the children it reaches, activating them. */
  private static void propagateFlush(int[] plan, int[] st, int b, int s, int f) {
    int i = 0;
    int c = 0;
    for (i = plan[plan[P_CHILD_AT] + s]; i < plan[plan[P_CHILD_AT] + s + 1]; i++) {
      c = plan[plan[P_CHILDREN] + i];
      if (Protocol.flushReaches(f, plan[plan[P_LABEL] + c])) {
        st[flush(plan, b) + c] = Protocol.mergeFlush(st[flush(plan, b) + c], f);
        st[active(plan, b) + c] = 1;
      }
    }
  }

  /**
   * Decides group {@code g}'s next run and writes it to {@link #S_STAGE}, {@link #S_OFFSET} and
   * {@link #S_LIMIT}. Returns the stage, {@link #STOP}, or {@link #NEED_CHUNK}.
   */
  public static int next(int[] plan, int[] st, long[] stats, int[] err, int g) {
    int b = g * plan[P_STATE];
    int result = UNDECIDED;
    int s = 0;
    int used = 0;
    int remaining = 0;
    int inputs = 0;
    int flushing = 0;
    while (result == UNDECIDED) {
      if (err[g * ERR_STRIDE] != 0) {
        result = STOP;
      } else {
        s = st[b + S_FIRING];
        if (s < 0) {
          s = fireable(plan, st, g);
          if (s < 0) {
            result = STOP;
          } else {
            st[b + S_STEPS] = st[b + S_STEPS] + 1;
            if (st[b + S_STEPS] > plan[P_MAX_STEPS]) {
              fail(err, g, ERR_STEPS, s, 0, plan[P_MAX_STEPS]);
              result = STOP;
            } else {
              st[b + S_FIRING] = s;
              st[b + S_USED] = 0;
              st[b + S_FLUSHING] = s > 0
                  && Protocol.flushing(st[flush(plan, b) + s], plan[plan[P_LABEL] + s]) ? 1 : 0;
              bump(stats, plan, g, s, C_FIRINGS, 1);
            }
          }
        }
        if (result == UNDECIDED && s == 0) {
          if (st[b + S_POS] >= st[b + S_END]) {
            result = NEED_CHUNK;
          } else {
            st[b + S_STAGE] = 0;
            st[b + S_OFFSET] = st[b + S_POS];
            st[b + S_LIMIT] = Math.min(plan[P_WIDTH], st[b + S_END] - st[b + S_POS]);
            result = 0;
          }
        } else if (result == UNDECIDED) {
          used = st[b + S_USED];
          remaining = st[count(plan, b) + s] - used;
          inputs = plan[plan[P_INPUTS_PER_RUN] + s];
          flushing = st[b + S_FLUSHING];
          if (Protocol.dataEmpty(remaining, inputs, flushing == 1)) {
            finish(plan, st, stats, g, s);
          } else {
            st[b + S_STAGE] = s;
            st[b + S_OFFSET] = (st[head(plan, b) + s] + used) % capacity(plan, s);
            st[b + S_LIMIT] = Protocol.runLimit(remaining, inputs, false, 0, flushing == 1);
            result = s;
          }
        }
      }
    }
    return result;
  }

  /**
   * The source claimed input positions {@code [from, from + chunk)} of {@code length}: a chunk to
   * read, or the end of the input (the source goes inactive and flushes region 0).
   */
  public static void claimed(int[] plan, int[] st, long[] stats, int g, int from, int length) {
    int b = g * plan[P_STATE];
    if (from >= length || from < 0) {
      st[b + S_EXHAUSTED] = 1;
      st[active(plan, b)] = 0;
      st[b + S_FIRING] = -1;
      propagateFlush(plan, st, b, 0, Protocol.END_OF_INPUT_FLUSH);
      bump(stats, plan, g, 0, C_FLUSHES, 1);
    } else {
      st[b + S_POS] = from;
      st[b + S_END] = Math.min(length, from + plan[P_CHUNK]);
    }
  }

  /**
   * Reserves {@code total} slots at the tail of edge {@code e}'s target queue and returns the
   * position of the first; the slots count as queued at once, since the lanes fill them before lane 0
   * looks again. Edges into sinks are reserved by the kernel with {@code atomicAdd}.
   */
  public static int reserve(int[] plan, int[] st, int g, int e, int total) {
    int b = g * plan[P_STATE];
    int c = plan[plan[P_EDGE_TO] + e];
    int base = (st[head(plan, b) + c] + st[count(plan, b) + c]) % capacity(plan, c);
    st[count(plan, b) + c] = st[count(plan, b) + c] + total;
    st[edgeBase(plan, g, e)] = base;
    return base;
  }

  /** Counts {@code total} items pushed by {@code s} on one channel (once, however many edges it feeds). */
  public static void pushed(int[] plan, long[] stats, int g, int s, int total) {
    bump(stats, plan, g, s, C_PUSHED, total);
  }

  /**
   * After the lanes ran {@code s} on {@link #S_LIMIT} items: counts the run, activates FULL children,
   * and ends the firing when a child is ACTIVE or the queue is EMPTY.
   */
  public static void afterRun(int[] plan, int[] st, long[] stats, int g, int s) {
    int b = g * plan[P_STATE];
    int limit = st[b + S_LIMIT];
    int childActive = 0;
    bump(stats, plan, g, s, C_RUNS, 1);
    bump(stats, plan, g, s, C_FILLED, limit);
    if (s == 0) {
      st[b + S_POS] = st[b + S_POS] + limit;
      bump(stats, plan, g, 0, C_CONSUMED, limit);
      if (activateFullChildren(plan, st, b, 0) == 1) {
        st[b + S_FIRING] = -1;
      }
    } else {
      st[b + S_USED] = st[b + S_USED] + limit;
      childActive = activateFullChildren(plan, st, b, s);
      if (childActive == 1 || Protocol.dataEmpty(st[count(plan, b) + s] - st[b + S_USED],
          plan[plan[P_INPUTS_PER_RUN] + s], st[b + S_FLUSHING] == 1)) {
        finish(plan, st, stats, g, s);
      }
    }
  }

  /**
   * Ends the firing of {@code s}: releases the consumed items; an EMPTY node goes inactive and, if it
   * was flushing, passes the flush on.
   */
  private static void finish(int[] plan, int[] st, long[] stats, int g, int s) {
    int b = g * plan[P_STATE];
    int used = st[b + S_USED];
    int flushing = st[b + S_FLUSHING];
    st[head(plan, b) + s] = (st[head(plan, b) + s] + used) % capacity(plan, s);
    st[count(plan, b) + s] = st[count(plan, b) + s] - used;
    bump(stats, plan, g, s, C_CONSUMED, used);
    st[b + S_FIRING] = -1;
    st[b + S_USED] = 0;
    if (Protocol.dataEmpty(st[count(plan, b) + s], plan[plan[P_INPUTS_PER_RUN] + s], flushing == 1)) {
      st[active(plan, b) + s] = 0;
      if (flushing == 1) {
        propagateFlush(plan, st, b, s, st[flush(plan, b) + s]);
        st[flush(plan, b) + s] = Protocol.NOT_FLUSHING;
        bump(stats, plan, g, s, C_FLUSHES, 1);
      }
    }
  }
}
