package dev.sluice.runtime.opencl;

import static dev.sluice.runtime.opencl.DeviceScheduler.*;

import dev.sluice.runtime.plan.PipelinePlan;
import java.util.Arrays;

/**
 * A {@link PipelinePlan} flattened into one {@code int[]} that {@link DeviceScheduler} reads on the
 * device: a header of sizes and table offsets, then the tables (stage kinds, region labels, inputs
 * per run, queue capacities, priority order, children and out-edges as offset lists, edge targets
 * and per-run maxima). Derived from the plan, so both back ends schedule from the same numbers.
 */
public final class DevicePlan {
  private DevicePlan() {}

  /** Encodes {@code plan} with the run's step bound and chunk size. */
  public static int[] encode(PipelinePlan plan, long maxSteps, int chunkSize) {
    int n = plan.stageCount();
    int e = plan.edgeFrom.length;
    int[] out = new int[P_HEADER];
    out[P_STAGES] = n;
    out[P_WIDTH] = plan.width;
    out[P_EDGES] = e;
    out[P_STATE] = stateSize(n, e);
    out[P_STATS] = STATS;
    out[P_MAX_STEPS] = (int) Math.min(Integer.MAX_VALUE - 1, maxSteps);
    out[P_CHUNK] = chunkSize;
    int[] kinds = new int[n];
    for (int s = 0; s < n; s++) {
      kinds[s] = plan.kinds[s].ordinal();
    }
    out = table(out, P_KIND, kinds);
    out = table(out, P_LABEL, plan.label);
    out = table(out, P_INPUTS_PER_RUN, plan.inputsPerRun);
    out = table(out, P_CAPACITY, plan.queueCapacity);
    out = table(out, P_PRIORITY, plan.priority);
    out = offsetList(out, P_CHILD_AT, P_CHILDREN, plan.children);
    out = offsetList(out, P_OUT_AT, P_OUT, plan.outEdges);
    out = table(out, P_EDGE_TO, plan.edgeTo);
    out = table(out, P_EDGE_MAX, plan.edgeMaxPerRun);
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
