package dev.sluice.runtime.opencl;

import com.aparapi.Kernel;
import dev.sluice.runtime.RunReport;
import dev.sluice.runtime.protocol.Failures;
import java.util.Map;

/**
 * The host side of a generated pipeline kernel ({@code <Name>Pipeline_Kernel}): its buffers, sized
 * and moved by {@link OpenClDriver}. The kernel keeps every queue on the device for the whole run;
 * only the input slices, the small scheduler arrays and the sink outputs cross the bus.
 */
public interface DeviceProgram extends Failures.Items {
  /** The Aparapi kernel (the program itself). */
  Kernel kernel();

  /**
   * The node classes this kernel's bodies were translated from, by binary name, each with the
   * {@linkplain dev.sluice.runtime.SourceStamps stamp} of its source file then.
   */
  Map<String, String> translatedFrom();

  /**
   * Serves the runs of {@code pipeline}, an object of this kernel's pipeline class, from now on (null:
   * none). A compiled kernel is shared by the objects of its class, one run at a time
   * ({@link LiveKernels}); {@link #readParams} calls the bound object's node factories.
   */
  void bind(Object pipeline);

  /**
   * The generated pipeline's {@code Result} of the run just done: the sinks' items and the
   * {@code @Reduce} values gathered over the slices, handed over (the next run starts new ones), and
   * {@code report}.
   */
  Object result(RunReport report);

  /**
   * At the start of each run: makes one object per node with its factory, as the CPU back end does
   * per instance and run, and takes its {@code @Param} values and initial {@code @State}. A
   * {@code @Param} array is copied to the device only when it differs from what the device holds (in
   * length or any element, bit for bit); returns the bytes copied.
   */
  long readParams();

  /**
   * The device holds none of this kernel's data now (its context is new, or was released by
   * {@link LiveKernels}): the next {@link #readParams} copies every {@code @Param} array.
   */
  void forgetDeviceCopies();

  /**
   * Allocates every buffer for {@code groups} pipeline instances, input slices of up to
   * {@code sliceItems} items and sinks of {@code sinkCapacity[k]} items, and marks the plan to be put
   * on the device at the next launch ({@link #readParams} has marked the {@code @Param} arrays that
   * changed; {@link #resetSlice} puts them).
   */
  void allocate(int[] plan, int groups, int sliceItems, int[] sinkCapacity);

  /** Bytes of the buffers the kernel holds on the device now (input, queues, parents, sinks...). */
  /**
   * The bytes of local memory one work-group's arrays take (the prefix sums, the lanes' counts, the
   * reductions' partials, the raises), which grow with the width and the channels.
   */
  long localBytes();

  long deviceBytes();

  /** Bytes of each column of one input item (one entry for a primitive item). */
  int[] inputColumnBytes();

  /**
   * Items per work-group of each buffer the kernel stages a run's pushes and raised signals in, one
   * entry per column: width x {@code @Max} per channel, width x the raises an item may make per
   * raised tag. The plan does not know them; the memory check counts them with its own buffers.
   */
  long[] stagingItems();

  /** Bytes of each column of one item of sink {@code k}. */
  int[] sinkColumnBytes(int k);

  /** Grows sink {@code k}'s output buffer to {@code capacity} items. */
  void growSink(int k, int capacity);

  /**
   * Copies input items {@code [from, from + count)} of {@code data} (an array, an array of record
   * columns, or null for the index range starting at {@code base}) to the device.
   */
  void load(Object data, long base, int from, int count);

  /**
   * Right before each launch: puts the host arrays changed since the last one ({@link PendingPuts}:
   * the other methods only mark them), resets the claim cursor and sink counts, and sets reductions and
   * {@code @State} back to their values after the last completed slice (a slice may run again).
   * Only groups below {@code claimers} claim input in the launch (all of them, or group 0 alone for
   * a launch that holds part of a chunk: {@link OpenClDriver}).
   */
  void resetSlice(int claimers);

  /** After a run: brings the scheduler state, counters, errors and sink counts back. */
  void fetchState();

  /** Scheduler state per group ({@link dev.sluice.runtime.protocol.StateLayout}). */
  int[] state();

  /** Counters per group and stage ({@link dev.sluice.runtime.protocol.StateLayout#STATS} each). */
  long[] stats();

  /** Error words per group ({@link dev.sluice.runtime.protocol.StateLayout#ERR_STRIDE} each). */
  int[] errors();

  /** Items each sink reserved in this slice (may exceed its capacity: then the slice runs again). */
  int[] sinkCounts();

  /** Current capacity of sink {@code k}'s output buffer. */
  int sinkCapacity(int k);

  /**
   * After a completed slice: appends its sink items, keeps the reductions and {@code @State} it left,
   * and sets the run's reduction results to the groups' values combined.
   */
  void collect();

  /**
   * When a run ends, completed or failed: lets go of the sink items the host collected (the result
   * has them now), so that a kernel kept for the class's next run does not hold the last run's
   * outputs (outside-in helper-111: 77 MB of them after a run whose result the caller had dropped).
   */
  void dropOutputs();


  /** Releases the device buffers and the compiled kernel. */
  void dispose();
}
