package dev.sluice.runtime.protocol;

import static dev.sluice.runtime.protocol.StateLayout.*;

import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.plan.StageKind;
import java.util.Arrays;

/**
 * A {@link PipelinePlan} flattened into one {@code int[]} that the {@link Scheduler} reads, on the
 * JVM and in the kernel alike: a header of sizes; one record per stage at a fixed place
 * ({@link #stage}: kind, region label, inputs per run, queue capacity and the most items one
 * producer run puts into its queue, the region it heads, where its children, out-edges and per-kind
 * records lie); one record per (stage, signal kind) (the targets a signal it raises and one it
 * forwards go to, whether it releases the parent, its handler, the kind's region and whether it is a
 * BEGIN); one record per region (parent buffer size, terminals, most elements, state offset, BEGIN
 * and END kinds); and the lists the records point into (priority order, children, out-edges, edge
 * targets, signal targets). Derived from the plan, so both back ends schedule from the same numbers.
 *
 * <p>Why records: every number the scheduler needs about a stage is one read at an index it can
 * compute ({@code plan[stage(s) + F_...]}) rather than two ({@code plan[plan[P_TABLE] + s]}). On the
 * JVM this matters more than it seems: the scheduler's state is an {@code int[]} too, so after
 * every store into it the JIT must read the plan again (it cannot prove the arrays differ). Lists
 * hold absolute indexes into the plan, so a list entry is one read as well.
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
  /** Signal queue capacity per stage. */
  public static final int P_SIG_CAP = 8;
  /** Offset in a group's state of the signal rings. */
  public static final int P_RING = 9;
  /** Regions, region 0 included. */
  public static final int P_REGIONS = 10;
  /** Where the stages in priority order lie (a list of stage numbers). */
  public static final int P_PRIORITY = 11;
  /** Where the edge targets lie: per edge, the stage it feeds, or -1 for a sink. */
  public static final int P_EDGE_TO = 12;
  /** Where the region records lie. */
  public static final int P_REGION = 13;
  /**
   * Payload slots per origin stage and user tag in a group's signal payload pool
   * ({@link Protocol#payloadSlotsPerOrigin}); the kernel indexes its pools with it and sizes them by it.
   */
  public static final int P_POOL = 14;
  public static final int P_HEADER = 15;

  // -- then one record of STAGE_FIELDS words per stage, stage after stage (see stage(s)) --
  public static final int F_KIND = 0;
  public static final int F_LABEL = 1;
  public static final int F_INPUTS_PER_RUN = 2;
  public static final int F_CAPACITY = 3;
  /** The most items one run of any single producer puts into the stage's data queue (FULL below it). */
  public static final int F_QUEUE_MAX = 4;
  /** The region the stage heads, or -1. */
  public static final int F_HEADS = 5;
  /** The stage's distinct node children: plan indexes {@code [from, to)} of stage numbers. */
  public static final int F_CHILD_FROM = 6;
  public static final int F_CHILD_TO = 7;
  /** The stage's out-edges: plan indexes {@code [from, to)} of edge numbers. */
  public static final int F_OUT_FROM = 8;
  public static final int F_OUT_TO = 9;
  /** Where the stage's per-kind records begin ({@link #KIND_FIELDS} words per signal kind). */
  public static final int F_KINDS = 10;
  public static final int STAGE_FIELDS = 11;

  // -- per (stage, signal kind) --
  /** Stages a signal of the kind that the stage raises itself goes to, one per edge: plan indexes {@code [from, to)}. */
  public static final int K_ORIGIN_FROM = 0;
  public static final int K_ORIGIN_TO = 1;
  /** Stages a received signal of the kind is forwarded to, one per edge: plan indexes {@code [from, to)}. */
  public static final int K_FORWARD_FROM = 2;
  public static final int K_FORWARD_TO = 3;
  /** 1 if the stage is a terminal of the kind's region and releases the parent. */
  public static final int K_RELEASE = 4;
  /** The index of the stage's handler for the kind, or -1. */
  public static final int K_HANDLER = 5;
  /** The kind's region (-1 for a user signal), and 1 if it is a BEGIN. */
  public static final int K_REGION = 6;
  public static final int K_BEGIN = 7;
  public static final int KIND_FIELDS = 8;

  // -- per region --
  public static final int R_BUFFER = 0;
  public static final int R_TERMINALS = 1;
  public static final int R_MAX_ELEMENTS = 2;
  /** Offset in a group's state of the region's parent buffer. */
  public static final int R_STATE_AT = 3;
  public static final int R_BEGIN = 4;
  public static final int R_END = 5;
  public static final int REGION_FIELDS = 6;

  /** {@code StageKind.ENUMERATE.ordinal()}, checked by {@link #encode}. */
  public static final int KIND_ENUMERATE = 2;

  /** Index of stage {@code s}'s record: at a fixed place, so finding it reads nothing. */
  public static int stage(int s) {
    return P_HEADER + s * STAGE_FIELDS;
  }

  /** Index of the record of stage {@code s} (record at {@code rec}) for signal kind {@code kind}. */
  public static int kindOf(int[] plan, int rec, int kind) {
    return plan[rec + F_KINDS] + kind * KIND_FIELDS;
  }

  /** Index of region {@code r}'s record. */
  public static int regionOf(int[] plan, int r) {
    return plan[P_REGION] + r * REGION_FIELDS;
  }

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
    int e = plan.edgeCount();
    int k = plan.signalCount();
    int regions = plan.regionCount();
    Words out = new Words(P_HEADER + n * STAGE_FIELDS);
    out.set(P_STAGES, n);
    out.set(P_WIDTH, plan.width);
    out.set(P_EDGES, e);
    out.set(P_STATS, STATS);
    out.set(P_MAX_STEPS, (int) Math.min(Integer.MAX_VALUE - 1, maxSteps));
    out.set(P_CHUNK, chunkSize);
    out.set(P_SIGNALS, k);
    out.set(P_SIG_CAP, plan.signalCapacity);
    out.set(P_REGIONS, regions);
    out.set(P_POOL, Math.toIntExact(Protocol.payloadSlotsPerOrigin(n, plan.signalCapacity)));
    // a group's state: header, stage words, edge bases, signal rings, then the parent buffers
    int ring = S_HEADER + STAGE_WORDS * n + e;
    out.set(P_RING, ring);
    // in long: the processor bounds these sizes, a plan built by hand may not (then an error, not a wrap)
    long at = ring + (long) RING_WORDS * n * plan.signalCapacity;
    out.set(P_REGION, out.size());
    for (int r = 0; r < regions; r++) {
      int size = r == 0 ? 0 : plan.regionParentBuffer(r);
      out.add(size);
      out.add(plan.regionTerminals(r));
      out.add(plan.regionMaxElements(r));
      out.add(Math.toIntExact(at));
      out.add(r == 0 ? -1 : plan.regionSignal(r, false));
      out.add(r == 0 ? -1 : plan.regionSignal(r, true));
      at += 2L * size + 2;
    }
    out.set(P_STATE, Math.toIntExact(at));
    out.set(P_PRIORITY, out.size());
    out.addAll(plan.priority());
    out.set(P_EDGE_TO, out.size());
    for (int edge = 0; edge < plan.edgeCount(); edge++) {
      out.add(plan.edgeTo(edge));
    }
    for (int s = 0; s < n; s++) {
      int rec = stage(s);
      out.set(rec + F_KIND, plan.kind(s).ordinal());
      out.set(rec + F_LABEL, plan.label(s));
      out.set(rec + F_INPUTS_PER_RUN, plan.inputsPerRun(s));
      out.set(rec + F_CAPACITY, plan.queueCapacity(s));
      out.set(rec + F_QUEUE_MAX, plan.queueMaxPerRun(s));
      out.set(rec + F_HEADS, plan.heads(s));
      out.set(rec + F_CHILD_FROM, out.size());
      out.addAll(plan.children(s));
      out.set(rec + F_CHILD_TO, out.size());
      out.set(rec + F_OUT_FROM, out.size());
      out.addAll(plan.outEdges(s));
      out.set(rec + F_OUT_TO, out.size());
      out.set(rec + F_KINDS, out.size());
      out.addAll(new int[k * KIND_FIELDS]);
    }
    for (int s = 0; s < n; s++) {
      for (int i = 0; i < k; i++) {
        int rk = out.get(stage(s) + F_KINDS) + i * KIND_FIELDS;
        out.set(rk + K_RELEASE, plan.release(s, i) ? 1 : 0);
        out.set(rk + K_HANDLER, plan.handler(s, i));
        out.set(rk + K_REGION, plan.signalRegion(i));
        out.set(rk + K_BEGIN, plan.signalIsBegin(i) ? 1 : 0);
        out.set(rk + K_ORIGIN_FROM, out.size());
        out.addTargets(plan.origin(s, i), plan);
        out.set(rk + K_ORIGIN_TO, out.size());
        out.set(rk + K_FORWARD_FROM, out.size());
        out.addTargets(plan.forward(s, i), plan);
        out.set(rk + K_FORWARD_TO, out.size());
      }
    }
    return out.toArray();
  }

  /** The encoded plan as it grows. */
  private static final class Words {
    private int[] words;
    private int size;

    Words(int size) {
      this.words = new int[Math.max(16, size * 2)];
      this.size = size;
    }

    int size() {
      return size;
    }

    int get(int i) {
      return words[i];
    }

    void set(int i, int value) {
      words[i] = value;
    }

    void add(int value) {
      if (size == words.length) {
        words = Arrays.copyOf(words, size * 2);
      }
      words[size++] = value;
    }

    void addAll(int[] values) {
      for (int v : values) {
        add(v);
      }
    }

    /** The stages edges {@code edges} feed, one per edge, sinks left out (a signal to a sink goes nowhere). */
    void addTargets(int[] edges, PipelinePlan plan) {
      for (int e : edges) {
        if (plan.edgeTo(e) >= 0) {
          add(plan.edgeTo(e));
        }
      }
    }

    int[] toArray() {
      return Arrays.copyOf(words, size);
    }
  }
}
