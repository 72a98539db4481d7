package dev.sluice.runtime.protocol;

import static dev.sluice.runtime.protocol.StateLayout.*;

import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.plan.StageKind;
import java.util.Arrays;

/**
 * A {@link PipelinePlan} flattened into one {@code int[]} that the {@link Scheduler} reads, on the
 * JVM and in the kernel alike: a header of sizes and table offsets, then the tables (stage kinds,
 * region labels, inputs per run, queue capacities and the most items one producer run puts into each queue, priority
 * order, children and out-edges as offset lists, edge targets; regions and their BEGIN/END kinds;
 * the signal dispatch tables) and where each part of a group's state lies.
 * Derived from the plan, so both back ends schedule from the same numbers.
 */
public final class PlanCode {
  private PlanCode() {}

  // -- the plan's header (encode writes it) --
  public static final int P_STAGES = 0;
  public static final int P_WIDTH = 1;
  public static final int P_EDGES = 2;
  public static final int P_STATE = 3;
  public static final int P_STATS = 4;
  public static final int P_MAX_STEPS = 5;
  public static final int P_CHUNK = 6;
  public static final int P_SIGNALS = 7;
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
  /** Per stage: the most items one run of any single producer puts into its data queue (FULL below it). */
  public static final int P_QUEUE_MAX = 18;
  /** Signal queue capacity per stage. */
  public static final int P_SIG_CAP = 19;
  /** Per stage: the region it heads, or -1. */
  public static final int P_HEADS = 20;
  /** Per region: parent buffer size, terminal count, most elements, state offset, BEGIN and END kinds. */
  public static final int P_REGION_BUF = 21;
  public static final int P_REGION_TERMINALS = 22;
  public static final int P_REGION_MAX = 23;
  public static final int P_REGION_AT = 24;
  public static final int P_REGION_BEGIN = 25;
  public static final int P_REGION_END = 26;
  /** Per signal kind: its region (-1 for a user signal) and 1 if it is a BEGIN. */
  public static final int P_SIG_REGION = 27;
  public static final int P_SIG_BEGIN = 28;
  /** Per (stage, kind): edges a signal the stage raises itself goes along (offset list). */
  public static final int P_ORIGIN_AT = 29;
  public static final int P_ORIGIN = 30;
  /** Per (stage, kind): edges a received signal is forwarded along (offset list). */
  public static final int P_FORWARD_AT = 31;
  public static final int P_FORWARD = 32;
  /** Per (stage, kind): 1 if the stage is a terminal of the kind's region and releases the parent. */
  public static final int P_RELEASE = 33;
  /** Offset in a group's state of the signal rings. */
  public static final int P_RING = 34;
  /** Regions, region 0 included. */
  public static final int P_REGIONS = 35;
  /** Per (stage, kind): the index of the stage's handler for the kind, or -1. */
  public static final int P_HANDLER = 36;
  public static final int P_HEADER = 38;

  /** {@code StageKind.ENUMERATE.ordinal()}, checked by {@link #encode}. */
  public static final int KIND_ENUMERATE = 2;


  /** Encodes {@code plan} with the run's step bound and chunk size. */
  public static int[] encode(PipelinePlan plan, long maxSteps, int chunkSize) {
    if (StageKind.ENUMERATE.ordinal() != KIND_ENUMERATE) {
      throw new AssertionError("PlanCode.KIND_ENUMERATE is out of date");
    }
    if (plan.signalCapacity <= Protocol.MAX_SIGNALS_PER_RUN) {
      // the processor refuses such a setting (SLU508); a plan built by hand is checked here, where it is first scheduled
      throw new IllegalArgumentException(plan.name + ": signal queue of " + plan.signalCapacity
          + " cannot hold one run's signals; the scheduler needs at least " + (Protocol.MAX_SIGNALS_PER_RUN + 1));
    }
    int n = plan.stageCount();
    int e = plan.edgeFrom.length;
    int k = plan.signalCount();
    int regions = plan.regionCount();
    int[] out = new int[P_HEADER];
    out[P_STAGES] = n;
    out[P_WIDTH] = plan.width;
    out[P_EDGES] = e;
    out[P_STATS] = STATS;
    out[P_MAX_STEPS] = (int) Math.min(Integer.MAX_VALUE - 1, maxSteps);
    out[P_CHUNK] = chunkSize;
    out[P_SIGNALS] = k;
    out[P_SIG_CAP] = plan.signalCapacity;
    out[P_REGIONS] = regions;
    // a group's state: header, stage words, edge bases, signal rings, then the parent buffers
    int ring = S_HEADER + STAGE_WORDS * n + e;
    out[P_RING] = ring;
    int[] regionAt = new int[regions];
    // in long: the processor bounds these sizes, a plan built by hand may not (then an error, not a wrap)
    long at = ring + 3L * n * plan.signalCapacity;
    int[] begin = new int[regions];
    int[] end = new int[regions];
    for (int r = 0; r < regions; r++) {
      regionAt[r] = Math.toIntExact(at);
      int size = r == 0 ? 0 : plan.regionParentBuffer[r];
      at += 2L * size + 2;
      begin[r] = r == 0 ? -1 : plan.regionSignal(r, false);
      end[r] = r == 0 ? -1 : plan.regionSignal(r, true);
    }
    out[P_STATE] = Math.toIntExact(at);
    int[] kinds = new int[n];
    for (int s = 0; s < n; s++) {
      kinds[s] = plan.kinds[s].ordinal();
    }
    int[] signalBegin = new int[k];
    int[] release = new int[n * k];
    int[] handler = new int[n * k];
    int[][] origin = new int[n * k][];
    int[][] forward = new int[n * k][];
    for (int i = 0; i < k; i++) {
      signalBegin[i] = plan.signalIsBegin[i] ? 1 : 0;
    }
    for (int s = 0; s < n; s++) {
      for (int i = 0; i < k; i++) {
        release[s * k + i] = plan.release[s][i] ? 1 : 0;
        handler[s * k + i] = plan.handler[s][i];
        origin[s * k + i] = plan.origin[s][i];
        forward[s * k + i] = plan.forward[s][i];
      }
    }
    out = table(out, P_KIND, kinds);
    out = table(out, P_LABEL, plan.label);
    out = table(out, P_INPUTS_PER_RUN, plan.inputsPerRun);
    out = table(out, P_CAPACITY, plan.queueCapacity);
    out = table(out, P_QUEUE_MAX, plan.queueMaxPerRun);
    out = table(out, P_PRIORITY, plan.priority);
    out = offsetList(out, P_CHILD_AT, P_CHILDREN, plan.children);
    out = offsetList(out, P_OUT_AT, P_OUT, plan.outEdges);
    out = table(out, P_EDGE_TO, plan.edgeTo);
    out = table(out, P_HEADS, plan.heads);
    out = table(out, P_REGION_BUF, plan.regionParentBuffer);
    out = table(out, P_REGION_TERMINALS, plan.regionTerminals);
    out = table(out, P_REGION_MAX, plan.regionMaxElements);
    out = table(out, P_REGION_AT, regionAt);
    out = table(out, P_REGION_BEGIN, begin);
    out = table(out, P_REGION_END, end);
    out = table(out, P_SIG_REGION, plan.signalRegion);
    out = table(out, P_SIG_BEGIN, signalBegin);
    out = offsetList(out, P_ORIGIN_AT, P_ORIGIN, origin);
    out = offsetList(out, P_FORWARD_AT, P_FORWARD, forward);
    out = table(out, P_RELEASE, release);
    out = table(out, P_HANDLER, handler);
    return out;
  }

  private static int[] table(int[] out, int slot, int[] values) {
    int at = out.length;
    int[] grown = Arrays.copyOf(out, at + values.length);
    System.arraycopy(values, 0, grown, at, values.length);
    grown[slot] = at;
    return grown;
  }

  private static int[] offsetList(int[] out, int atSlot, int listSlot, int[][] lists) {
    int[] starts = new int[lists.length + 1];
    int total = 0;
    for (int i = 0; i < lists.length; i++) {
      starts[i] = total;
      total += lists[i].length;
    }
    starts[lists.length] = total;
    int[] flat = new int[total];
    int k = 0;
    for (int[] list : lists) {
      for (int v : list) {
        flat[k++] = v;
      }
    }
    return table(table(out, atSlot, starts), listSlot, flat);
  }
}
