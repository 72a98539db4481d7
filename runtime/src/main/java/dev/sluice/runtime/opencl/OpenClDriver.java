package dev.sluice.runtime.opencl;

import static dev.sluice.runtime.protocol.PlanCode.P_STATE;
import static dev.sluice.runtime.protocol.StateLayout.STATS;

import com.aparapi.Range;
import com.aparapi.device.OpenCLDevice;
import dev.sluice.runtime.Device;
import dev.sluice.runtime.DeviceUnavailableException;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.RunOptions;
import dev.sluice.runtime.RunReport;
import dev.sluice.runtime.input.InputChunk;
import dev.sluice.runtime.input.InputCursor;
import dev.sluice.runtime.input.InputFailure;
import dev.sluice.runtime.input.ProgressMeter;
import dev.sluice.runtime.input.RowRefused;
import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.protocol.Failures;
import dev.sluice.runtime.protocol.PlanCode;
import dev.sluice.runtime.protocol.Protocol;
import java.lang.invoke.MethodHandles;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * The OpenCL driver: runs a pipeline's generated kernel on one OpenCL device, one pipeline instance
 * per work-group, with its buffers shared with the host or resident on the device as the device's
 * {@link DeviceMemory} says. The input goes to the device in slices no larger than that memory's
 * budget allows (so inputs larger than the device's memory stream through it); each slice is one
 * kernel launch in which the groups claim chunks of the slice with {@code atomicAdd} and run the
 * protocol until every queue has drained. A sink whose output buffer was too small for a slice gets
 * a larger one and the slice runs again (its outputs and reductions are only kept from a complete
 * launch); a slice whose outputs would not fit in the budget is split into as many pieces as they need.
 */
public final class OpenClDriver {
  /** Input items per launch unless the input is smaller. */
  public static final int DEFAULT_SLICE = 1 << 22;

  /** System property that sets the input items per launch (at least the width); for memory-tight devices and tests. */
  public static final String SLICE_PROPERTY = "sluice.opencl.slice";

  private OpenClDriver() {}

  /**
   * The slice size to cut inputs into for {@code options}: a multiple of the chunk size that was set
   * ({@link #chunkAligned}).
   */
  public static int sliceItems(RunOptions options) {
    return chunkAligned(wantedSlice(options), options);
  }

  /**
   * {@code items} rounded down to a multiple of the chunk size that was set, when it holds one. The
   * CPU back ends claim whole chunks from each input array's start, and a pipeline whose results
   * depend on chunk boundaries (user-signal windows, say) sets the chunk size for that: a slice, or a
   * piece of one, that ended inside a chunk would split it on OpenCL alone (outside-in helper-49:
   * windows of 3 items with chunkSize(6) split at the default slice of 4,194,304 items). With
   * automatic chunks, or a device whose budget cannot hold one chunk's input at once, {@code items}
   * is kept (a slice asked for with the property is never less than a chunk: {@link #wantedSlice}).
   */
  static int chunkAligned(int items, RunOptions options) {
    if (options.automaticChunks() || items < options.claimSize()) {
      return items;
    }
    return items - items % options.claimSize();
  }

  private static int wantedSlice(RunOptions options) {
    String set = System.getProperty(SLICE_PROPERTY);
    if (set != null && !set.isBlank()) {
      int items;
      try {
        items = Integer.parseInt(set.trim());
      } catch (NumberFormatException e) {
        // a positive number past int is not "not positive" (outside-in helper-116)
        throw new IllegalArgumentException(SLICE_PROPERTY + (set.trim().matches("\\+?[0-9]+")
            ? " is at most " + Integer.MAX_VALUE + " items, not '" + set + "'"
            : " must be a positive integer, not '" + set + "'"), e);
      }
      if (items < 1) {
        throw new IllegalArgumentException(SLICE_PROPERTY + " must be a positive integer, not '" + set + "'");
      }
      // at least one chunk of the size that was set: a slice ends a launch, and the rest of a chunk
      // in the next one went to whichever group claimed it first, splitting what the CPU's instance
      // runs in one (outside-in helper-108: windows of 5 in chunks of 15 split at a slice of 7)
      return options.automaticChunks() ? items : Math.max(items, options.claimSize());
    }
    return Math.max(DEFAULT_SLICE, options.claimSize());
  }

  /**
   * Input items a work-group claims from a slice at a time: the chunk size that was set, or, with
   * automatic chunks, a share of the input ({@code slices}, or one slice when longer or unknown) cut
   * for {@link InputCursor#PIECES_PER_INSTANCE} claims per group, as the CPU back end cuts its claims.
   * A fixed count of items would let the first groups claim everything of an input of few, costly
   * items: BLAST's 565 database chunks went to one of 528 groups on an H200, the others idle.
   */
  static int claimItems(RunOptions options, long total, int groups) {
    if (!options.automaticChunks()) {
      return options.claimSize();
    }
    long items = sliceItems(options);
    if (total != dev.sluice.runtime.ProgressListener.UNKNOWN && total >= 0) {
      items = Math.min(items, total);
    }
    return (int) Math.min(options.claimSize(), InputCursor.pieceSize(items, (long) groups * InputCursor.PIECES_PER_INSTANCE));
  }

  private static final System.Logger LOG = System.getLogger(OpenClDriver.class.getName());

  /**
   * The options to use when {@code plan} cannot run on the OpenCL device of {@code options}: the CPU
   * back end, logged, when {@link Device#best()} chose that device; otherwise (it was asked for) an
   * error carrying the reason.
   */
  public static RunOptions switchToCpu(PipelinePlan plan, RunOptions options, String reason, Throwable cause) {
    Device device = options.device();
    if (device == null || !device.automatic()) {
      throw new DeviceUnavailableException(plan.name + " cannot run on " + device + ": " + reason, cause);
    }
    LOG.log(System.Logger.Level.WARNING, plan.name + ": running on the CPU back end instead of " + device + ": " + reason);
    return options.on(Device.cpuInsteadOf(device, reason));
  }

  /**
   * Runs {@code pipeline} (an object of {@code lookup}'s class) over the slices of {@code slices} with a
   * compiled kernel of its class that the device keeps ({@link LiveKernels}), or a new one, and returns
   * the generated {@code Result} of the run. A kernel that failed is released, not kept.
   */
  public static Object run(PipelinePlan plan, RunOptions options, InputCursor slices, MethodHandles.Lookup lookup,
      Object pipeline) {
    Device device = options.resolvedDevice();
    if (device.kind() != Device.Kind.OPENCL) {
      throw new IllegalArgumentException("the OpenCL driver cannot run on " + device);
    }
    OpenCLDevice cl = OpenClDevices.of(device);
    if (plan.width > cl.getMaxWorkGroupSize()) {
      // a pipeline this device cannot run: the generated code gives way to the CPU back end where the
      // device was chosen for it (best(), orCpu()), and a named device says why
      throw new Kernels.KernelException("width " + plan.width + " is larger than the largest work-group of "
          + OpenClDevices.describe(cl) + " (" + cl.getMaxWorkGroupSize() + "); lower @Pipeline(width)", null);
    }
    LiveKernels.Loan loan = LiveKernels.borrow(lookup, pipeline, cl, slices.total() != 0);
    DeviceProgram program = loan.program();
    boolean keep = true;
    try {
      long local = program.localBytes();
      if (local > cl.getLocalMemSize()) {
        // refused here with both sizes: a launch failed with CL_OUT_OF_RESOURCES, which Aparapi's
        // fallback then hid behind an error of its own (outside-in helper-101, under Oclgrind with
        // NVIDIA's 48 KiB); the kernel is sound, so the device keeps it
        throw Kernels.KernelException.noRoom(String.format(java.util.Locale.ROOT, "%s needs %,d bytes of local"
            + " memory per work-group at width %d, more than the %,d of %s; lower @Pipeline(width) (the kernel's"
            + " local arrays grow with the width and with the channels)", plan.name, local, plan.width,
            cl.getLocalMemSize(), OpenClDevices.describe(cl)));
      }
      if (loan.fresh()) {
        program.forgetDeviceCopies();
      }
      return program.result(runTaken(plan, options, slices, program, device, cl));
    } catch (Kernels.KernelException e) {
      // a kernel that failed is released; one whose run found no room on the device is kept
      keep = e.kernelSound;
      if (!keep) {
        try {
          LiveKernels.drop(program);
        } catch (RuntimeException d) {
          e.addSuppressed(d);
        }
      }
      throw afterInput(plan.name, device, slices, e);
    } finally {
      // the result has the outputs, or the run failed: a kept kernel holds none of them
      program.dropOutputs();
      if (keep) {
        LiveKernels.giveBack(program);
      }
    }
  }

  /**
   * What a kernel's failure is once input was taken: the failure itself, which lets a device that
   * {@link Device#best()} chose give way to the CPU back end, while a new cursor reads the input again;
   * a {@link DeviceUnavailableException} when it cannot (a {@code runChunks} iterator gives each array
   * once), since the CPU back end would run without the arrays this run took and return a result
   * without their items (helper-54).
   */
  static RuntimeException afterInput(String pipeline, Device device, InputCursor slices, Kernels.KernelException e) {
    if (slices.readableAgain()) {
      return e;
    }
    return new DeviceUnavailableException(pipeline + " failed on " + device + " after taking arrays from the input"
        + " iterator, which does not give them again, so it cannot run on the CPU back end instead: "
        + e.getMessage(), e);
  }

  /** The smallest sink buffer, in items. */
  private static final int MIN_SINK = 1 << 12;

  /**
   * Each sink's buffer at the start of a run: as large as the kernel's last run needed (a rerun of a
   * slice is a whole launch), unless those buffers together would take more than a quarter of this
   * run's device budget; then every sink starts at the smallest and grows as this run needs. A kernel
   * serves every object of its pipeline class, and a run with a small budget must not inherit what a
   * large run grew (it failed for want of room for one vector of input: SynthGainMemoryOpenClTest).
   */
  static int[] startingSinkCapacity(DeviceProgram program, int sinks, long budgetBytes) {
    int[] capacity = new int[sinks];
    long bytes = 0;
    for (int k = 0; k < sinks; k++) {
      capacity[k] = Math.max(MIN_SINK, program.sinkCapacity(k));
      bytes += (long) capacity[k] * sum(program.sinkColumnBytes(k));
    }
    if (bytes > budgetBytes / 4) {
      java.util.Arrays.fill(capacity, MIN_SINK);
    }
    return capacity;
  }

  private static RunReport runTaken(PipelinePlan plan, RunOptions options, InputCursor slices, DeviceProgram program,
      Device device, OpenCLDevice cl) {
    int groups = options.resolvedInstances();
    int sinks = plan.sinkCount();
    long t0 = System.nanoTime();
    long paramBytes = program.readParams();
    long paramNanos = System.nanoTime() - t0;
    int[] encoded = PlanCode.encode(plan, options.maxSteps(), claimItems(options, slices.total(), groups));
    DeviceMemory memory = DeviceMemory.of(cl, device);
    int[] capacity = startingSinkCapacity(program, sinks, memory.budgetBytes());
    long buildNanos = 0;
    memory.checkGroups(plan.name, device.name(), groups, perGroupItems(plan, encoded, program.stagingItems()));
    program.allocate(encoded, groups, sliceItems(options), capacity);
    if (slices.total() != 0) {
      // built before any input is claimed, so that a kernel that cannot build leaves the input to
      // the CPU back end; an input known to be empty builds nothing (see Kernels.dispose)
      long tBuild = System.nanoTime();
      if (!Kernels.compiled(program.kernel())) {
        Kernels.compile(program.kernel(), cl);
        buildNanos = System.nanoTime() - tBuild;
      }
    }
    Range range = cl.createRange(groups * plan.width, plan.width);
    int[] inputColumns = program.inputColumnBytes();
    int slice = chunkAligned(memory.sliceItems(plan.name, device.name(), program.deviceBytes(), sum(inputColumns),
        max(inputColumns), sliceItems(options), plan.width), options);
    long peak = program.deviceBytes();
    int slicesRun = 0;
    int launches = 0;
    long[] totals = new long[plan.stageCount() * STATS];
    long[] sinkItems = new long[sinks];
    ProgressMeter meter = options.progress() == null ? null
        : new ProgressMeter(plan.name, options.progress(), slices.total());
    long finished = 0;
    // where the time goes: loading slices, the launches, reading back (the report's "time" line)
    long loadNanos = 0;
    long kernelNanos = 0;
    long readNanos = 0;
    // the most input items one launch has had: the input buffers' length now
    int loadedMost = 0;
    // the most items a slice joined from a stream's arrays holds (the join's arrays on the heap counted
    // too): known once the first array to join is seen
    int joinMost = -1;
    Deque<InputChunk> work = new ArrayDeque<>();
    // the launches that hold part of a chunk (a budget that cannot hold one chunk at once): group 0
    // alone claims in them, so the chunk's parts run in order in the one group, as the CPU's instance
    // that claims a chunk runs it (with several claiming, any group could take a part)
    Set<InputChunk> partOfChunk = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    InputChunk next = new InputChunk();
    while (!work.isEmpty() || claim(plan, slices, next)) {
      InputChunk c;
      if (!work.isEmpty()) {
        c = work.pop();
      } else {
        c = next;
        next = new InputChunk();
      }
      // taken out at once: the set holds only parts waiting to run, not their arrays for the whole run
      boolean pinned = partOfChunk.remove(c);
      // small claims (a stream of small arrays) fill one slice, rather than a launch each; with a chunk
      // size set, only after whole chunks, so that the groups claim the chunks the CPU's instances would
      while (!pinned && SliceJoin.joinsAfter(c, options) && work.isEmpty() && c.remaining() < slice) {
        InputChunk more = new InputChunk();
        if (!claim(plan, slices, more)) {
          break;
        }
        // claims of one array join by widening; those of two are copied into an array of the join's own
        int most = slice;
        if (more.data != null && (c.data != more.data || c.offset != more.offset)) {
          if (joinMost < 0) {
            joinMost = memory.joinedItems(program.deviceBytes(), sum(inputColumns),
                SliceJoin.hostBytesPerItem(more.data, sum(inputColumns)), slice);
          }
          most = joinMost;
        }
        InputChunk joined = c.remaining() + more.remaining() <= most ? SliceJoin.join(c, more, most) : null;
        if (joined == null) {
          work.push(more);
          break;
        }
        c = joined;
      }
      if (c.remaining() > slice) {
        // more than the device's budget holds at once: its pieces run one after another, each starting
        // where a chunk does (pushed last first, so the first runs first)
        int pieces = (c.remaining() + slice - 1) / slice;
        // a slice is whole chunks unless the budget holds less than one (chunkAligned)
        boolean inside = pinned || !options.automaticChunks() && slice % options.claimSize() != 0;
        int before = work.size();
        for (int i = pieces - 1; i >= 0; i--) {
          // in long: a claim may end near Integer.MAX_VALUE (runRange's last items)
          work.push(copy(c, c.pos + i * slice, (int) Math.min(c.end, c.pos + (i + 1L) * slice)));
        }
        if (inside) {
          markParts(work, before, partOfChunk);
        }
        continue;
      }
      long nullAt = c.firstNull();
      if (nullAt >= 0) {
        throw Failures.nullInput(plan, nullAt);
      }
      long tLoad = System.nanoTime();
      try {
        program.load(c.data, c.base, c.pos, c.remaining());
      } catch (RowRefused e) {
        throw Failures.rowRefused(plan, c.offset + e.position, e.record, e.getCause());
      }
      loadedMost = Math.max(loadedMost, c.remaining());
      loadNanos += System.nanoTime() - tLoad;
      peak = Math.max(peak, program.deviceBytes());
      boolean done = false;
      while (!done) {
        // a launch cannot be stopped, so an interrupt of the calling thread is seen between them
        if (Thread.currentThread().isInterrupted()) {
          throw Failures.interrupted(plan.name);
        }
        program.resetSlice(pinned ? 1 : groups);
        long tKernel = System.nanoTime();
        Kernels.execute(program.kernel(), range, cl);
        long tRead = System.nanoTime();
        kernelNanos += tRead - tKernel;
        launches++;
        program.fetchState();
        checkErrors(plan, options, program, groups, c, device);
        int[] counts = program.sinkCounts();
        readNanos += System.nanoTime() - tRead;
        boolean grown = false;
        int pieces = 1;
        for (int k = 0; k < sinks; k++) {
          if (counts[k] > program.sinkCapacity(k)) {
            int[] columns = program.sinkColumnBytes(k);
            // the most items sink k's buffer may hold: one buffer's limit, and the budget beside the rest,
            // keeping room for the input buffer to grow to a whole slice (it grows to the largest loaded)
            long inputGrowth = c.data == null ? 0 : (long) (slice - loadedMost) * sum(inputColumns);
            long room = (memory.budgetBytes() - program.deviceBytes() - inputGrowth) / sum(columns)
                + program.sinkCapacity(k);
            long most = Math.min(Math.min(DeviceMemory.SINK_COUNT_LIMIT, memory.maxBufferBytes() / max(columns)), room);
            if (counts[k] <= most) {
              // room to spare for a slice that makes a little more, as far as the limit allows
              program.growSink(k, (int) Math.min(most, counts[k] + counts[k] / 8L + 1024));
              peak = Math.max(peak, program.deviceBytes());
              grown = true;
            } else if (c.remaining() > 1) {
              // as many pieces as the outputs need at what fits, an eighth to spare for uneven items
              // (halving instead ran a slice of 64 outputs per item 15 times before its 16 pieces fit)
              long need = (counts[k] + counts[k] / 8L) / Math.max(1, most) + 1;
              pieces = (int) Math.max(pieces, Math.min(c.remaining(), Math.max(2, need)));
            } else {
              // past the limit the kernel stopped counting: the item made more than that
              String made = counts[k] > DeviceMemory.SINK_COUNT_LIMIT ? "more than " + DeviceMemory.SINK_COUNT_LIMIT
                  : String.valueOf(counts[k]);
              throw new IllegalStateException(plan.name + ": one input item made " + made + " items for sink '"
                  + plan.sinkName(k) + "', more than the device memory budget holds beside the "
                  + DeviceMemory.mib(program.deviceBytes()) + " the run holds there for its queues and buffers ("
                  + memory.describe() + ", on " + device.name() + "); " + memory.more());
            }
          }
        }
        if (pieces > 1) {
          // the outputs of this slice do not fit beside the rest: run its pieces one by one
          int before = work.size();
          boolean inside = pushPieces(work, c, pieces, options.automaticChunks() ? 1 : options.claimSize());
          if (inside || pinned) {
            markParts(work, before, partOfChunk);
          }
          done = true;
        } else if (!grown) {
          checkDrained(plan, encoded, program, groups);
          long tCollect = System.nanoTime();
          long[] stats = program.stats();
          for (int g = 0; g < groups; g++) {
            for (int i = 0; i < totals.length; i++) {
              totals[i] += stats[g * totals.length + i];
            }
          }
          for (int k = 0; k < sinks; k++) {
            sinkItems[k] += counts[k];
          }
          program.collect();
          readNanos += System.nanoTime() - tCollect;
          slicesRun++;
          finished += c.remaining();
          if (meter != null) {
            meter.update(finished);
          }
          done = true;
        }
      }
    }
    // as on the CPU, an interrupt during the last launch fails the run too
    if (Thread.currentThread().isInterrupted()) {
      throw Failures.interrupted(plan.name);
    }
    // the run's time, as on the CPU, ends before the listener's last call: its time is the caller's
    long nanos = System.nanoTime() - t0;
    if (meter != null) {
      meter.finish(finished);
      // and one during the listener's last call, as on the CPU
      if (Thread.currentThread().isInterrupted()) {
        throw Failures.interrupted(plan.name);
      }
    }
    RunReport.DeviceUse use = new RunReport.DeviceUse(memory.describe(), peak, slicesRun, launches, paramBytes, paramNanos,
        loadNanos, kernelNanos, readNanos, buildNanos);
    return report(plan, device, groups, nanos, totals, sinkItems, use);
  }

  /**
   * The items of each buffer one work-group holds, as far as the plan says: the scheduler state, each
   * data queue, each region's parents, and, when a node raises user signals, the kernel's payload pool
   * per tag ({@code stages x Protocol.payloadSlotsPerOrigin}, as the plan code gives the kernel and the
   * processor bounds it); then the kernel's staging buffers ({@code staging}, {@link DeviceProgram#stagingItems}).
   */
  static long[] perGroupItems(PipelinePlan plan, int[] encoded, long[] staging) {
    int n = plan.stageCount();
    long[] out = new long[1 + n + plan.regionCount() + plan.signalCount() + staging.length];
    int i = 0;
    out[i++] = encoded[P_STATE];
    for (int s = 0; s < n; s++) {
      out[i++] = plan.queueCapacity(s);
    }
    for (int r = 0; r < plan.regionCount(); r++) {
      out[i++] = plan.regionParentBuffer(r);
    }
    for (int k = 0; k < plan.signalCount(); k++) {
      boolean raised = false;
      for (int s = 0; s < n; s++) {
        raised |= plan.signalRegion(k) < 0 && plan.origin(s, k).length > 0;
      }
      out[i++] = raised ? n * Protocol.payloadSlotsPerOrigin(n, plan.signalCapacity) : 0;
    }
    for (long items : staging) {
      out[i++] = items;
    }
    return out;
  }

  private static int sum(int[] a) {
    int s = 0;
    for (int x : a) {
      s += x;
    }
    return s;
  }

  private static int max(int[] a) {
    int m = 1;
    for (int x : a) {
      m = Math.max(m, x);
    }
    return m;
  }

  /** Claims the next slice; an input iterator that throws fails the run as on the CPU. */
  private static boolean claim(PipelinePlan plan, InputCursor slices, InputChunk next) {
    try {
      return slices.claim(next);
    } catch (InputFailure f) {
      throw Failures.inputFailed(plan, f.itemsBefore(), f.getCause());
    }
  }

  /**
   * Pushes {@code c} in parts of at most {@code 1/pieces} of it, so that they pop in input order: with
   * a chunk size set ({@code chunk > 1}), parts of whole chunks, as many as that takes
   * ({@link #chunkAligned}); in {@code pieces} parts of nearly equal size when a part must be smaller
   * than one chunk (its outputs alone do not fit), or with automatic chunks. Returns whether the parts
   * cut inside a chunk (the second case with a chunk size set).
   */
  static boolean pushPieces(Deque<InputChunk> work, InputChunk c, int pieces, int chunk) {
    int n = c.remaining();
    int whole = chunk > 1 ? n / pieces / chunk * chunk : 0;
    if (whole > 0) {
      for (int i = (n - 1) / whole; i >= 0; i--) {
        work.push(copy(c, c.pos + i * whole, (int) Math.min(c.end, c.pos + (i + 1L) * whole)));
      }
      return false;
    }
    for (int i = pieces - 1; i >= 0; i--) {
      int from = c.pos + (int) ((long) n * i / pieces);
      int to = c.pos + (int) ((long) n * (i + 1) / pieces);
      if (to > from) {
        work.push(copy(c, from, to));
      }
    }
    return chunk > 1;
  }

  /** Marks the parts pushed on {@code work} since it held {@code before} as holding part of a chunk. */
  private static void markParts(Deque<InputChunk> work, int before, Set<InputChunk> partOfChunk) {
    work.stream().limit(work.size() - before).forEach(partOfChunk::add);
  }

  private static InputChunk copy(InputChunk c, int pos, int end) {
    InputChunk d = new InputChunk();
    d.data = c.data;
    d.base = c.base;
    d.offset = c.offset;
    d.pos = pos;
    d.start = pos;
    d.end = end;
    return d;
  }

  /** Turns the first group error into the exception the CPU back end throws for the same failure. */
  private static void checkErrors(PipelinePlan plan, RunOptions options, DeviceProgram program, int groups,
      InputChunk slice, Device device) {
    int[] err = program.errors();
    String where = " (on " + device.name() + ", in the slice of " + slice + ")";
    for (int g = 0; g < groups; g++) {
      RuntimeException failure = Failures.of(plan, options.maxSteps(), err, g, program, where);
      if (failure != null) {
        throw failure;
      }
    }
  }

  /** Every group must end with the input read, no firing open and every queue empty. */
  private static void checkDrained(PipelinePlan plan, int[] encoded, DeviceProgram program, int groups) {
    int[] st = program.state();
    for (int g = 0; g < groups; g++) {
      String left = Failures.leftover(plan, encoded, st, g);
      if (left != null) {
        throw new IllegalStateException(left);
      }
    }
  }

  private static RunReport report(PipelinePlan plan, Device device, int groups, long nanos, long[] t,
      long[] sinkItems, RunReport.DeviceUse memory) {
    List<RunReport.StageStats> stages = Failures.stages(plan, t);
    List<RunReport.SinkStats> sinks = new ArrayList<>();
    for (int k = 0; k < plan.sinkCount(); k++) {
      sinks.add(new RunReport.SinkStats(plan.sinkName(k), sinkItems[k]));
    }
    return new RunReport(plan, device.name(), groups, nanos, stages, sinks, memory);
  }
}
