package dev.sluice.runtime.opencl;

import static dev.sluice.runtime.opencl.DeviceScheduler.*;

import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.plan.StageKind;
import java.util.Arrays;

/**
 * A {@link PipelinePlan} flattened into one {@code int[]} that {@link DeviceScheduler} reads on the
 * device: a header of sizes and table offsets, then the tables (stage kinds, region labels, inputs
 * per run, queue capacities and the most items one producer run puts into each queue, priority
 * order, children and out-edges as offset lists, edge targets; regions and their BEGIN/END kinds;
 * the signal dispatch tables) and where each part of a group's state lies. Derived from the plan, so both back ends schedule from the same numbers.
 */
public final class DevicePlan {
  private DevicePlan() {}

  /** Encodes {@code plan} with the run's step bound and chunk size. */
  public static int[] encode(PipelinePlan plan, long maxSteps, int chunkSize) {
    if (StageKind.ENUMERATE.ordinal() != KIND_ENUMERATE) {
      throw new AssertionError("DeviceScheduler.KIND_ENUMERATE is out of date");
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
