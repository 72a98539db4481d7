package dev.sluice.runtime.protocol;

import static dev.sluice.runtime.protocol.StateLayout.*;

import dev.sluice.runtime.MaxExceededException;
import dev.sluice.runtime.PipelineException;
import dev.sluice.runtime.RunReport;
import dev.sluice.runtime.plan.PipelinePlan;
import java.util.ArrayList;
import java.util.List;

/**
 * What both back ends make of the {@link Scheduler}'s words after it stopped: the exception for an
 * error it recorded, the drain check's message, and the run report's figures per stage. One text per
 * failure, whichever back end met it.
 */
public final class Failures {
  private Failures() {}

  /** How a back end names the items behind an error. */
  public interface Items {
    /**
     * The item in slot {@code slot} of stage {@code stage}'s queue: group {@code g}'s ring starts at
     * slot {@code g * queueCapacity[stage]}. As text.
     */
    String queued(int stage, int slot);

    /** Name of output channel {@code index} of stage {@code stage}. */
    String channelName(int stage, int index);

    /** {@code @Max} of output channel {@code index} of stage {@code stage}. */
    int channelMax(int stage, int index);

    /**
     * The parent that group {@code g}'s stage {@code stage}, inside a region, works on now (of its
     * innermost region), or null where it is not known.
     */
    default Object parentOf(int stage, int g) {
      return null;
    }
  }

  /**
   * Whether a failure of stage {@code stage} names the parent of its region, on every back end: a
   * failure of an item ({@code kind} -1) or of a BEGIN or END handler ({@code kind}, a region
   * signal's) of a stage inside a region, whose innermost region's parent it is working on. An
   * element index alone does not say which parent it is an element of.
   */
  public static boolean namesParent(PipelinePlan plan, int stage, int kind) {
    return plan.label(stage) > 0 && (kind < 0 || plan.signalRegion(kind) >= 0);
  }

  /** The words a failure's message gets for the parent {@code parent} of its region: "" for none. */
  public static String inRegionOf(Object parent) {
    return parent == null ? "" : " (in the region of parent " + text(parent) + ")";
  }

  /**
   * The exception for the first error group {@code g} recorded, or null if none; {@code where} ends
   * each message (the device and slice, or the CPU chunk).
   */
  public static RuntimeException of(PipelinePlan plan, long maxSteps, int[] err, int g, Items items, String where) {
    int e = g * ERR_STRIDE;
    if (err[e + E_CLAIMED] == 0) {
      return null;
    }
    int code = err[e + E_CODE];
    int s = err[e + E_STAGE];
    if (code == ERR_MAX) {
      // a handler's push names its signal (slot -1 - kind), a run's the item in its queue slot
      // the CPU back ends' cause, with its message
      MaxExceededException cause = new MaxExceededException(items.channelName(s, err[e + E_DETAIL]),
          items.channelMax(s, err[e + E_DETAIL]));
      return new PipelineException(plan.name, plan.stageName(s), item(plan, items, s, err[e + E_SLOT]),
          cause.getMessage() + parent(plan, items, g, s, err[e + E_SLOT]) + where, cause);
    }
    if (code == ERR_INDEX || code == ERR_DIVIDE) {
      // Java's exception in node code: the CPU's message and cause, with Java's own wording
      RuntimeException cause = code == ERR_INDEX
          ? new ArrayIndexOutOfBoundsException("Index " + err[e + E_DETAIL] + " out of bounds for length " + err[e + E_DETAIL2])
          : new ArithmeticException("/ by zero");
      return new PipelineException(plan.name, plan.stageName(s), item(plan, items, s, err[e + E_SLOT]),
          cause.getClass().getSimpleName() + ": " + cause.getMessage() + parent(plan, items, g, s, err[e + E_SLOT]) + where,
          cause);
    }
    if (code == ERR_STEPS) {
      return new IllegalStateException(plan.name + ": scheduler exceeded " + maxSteps
          + " firings (a hang?) in instance " + g + where);
    }
    if (code == ERR_RAISES) {
      IllegalStateException cause = new IllegalStateException(raisedTooMany());
      return new PipelineException(plan.name, plan.stageName(s), items.queued(s, err[e + E_SLOT]),
          "IllegalStateException: " + cause.getMessage() + parent(plan, items, g, s, err[e + E_SLOT]) + where, cause);
    }
    if (code == ERR_COUNT) {
      return new PipelineException(plan.name, plan.stageName(s), items.queued(s, g * plan.queueCapacity(s) + err[e + E_SLOT]),
          countOutOfRange(plan, s, err[e + E_DETAIL]) + where, null);
    }
    if (code == ERR_SIGNALS || code == ERR_OVERFLOW) {
      // not the node's fault: the protocol let a producer run without room for its output
      return new IllegalStateException(plan.name + ": " + (code == ERR_SIGNALS ? "signal" : "data")
          + " queue overflow at node '" + plan.stageName(s) + "' in instance " + g + where);
    }
    if (code == ERR_RELEASE) {
      return new IllegalStateException(plan.name + ": node '" + plan.stageName(s) + "' released parent slot "
          + err[e + E_SLOT] + " of region " + err[e + E_DETAIL] + " more often than it was referenced" + where);
    }
    return new IllegalStateException(plan.name + ": instance " + g + " stopped with error code " + code
        + " at node '" + plan.stageName(s) + "'" + where);
  }

  /** {@link #inRegionOf} the parent of an error's stage, for an error in slot {@code slot} (an item's, or -1 - kind). */
  private static String parent(PipelinePlan plan, Items items, int g, int s, int slot) {
    if (!namesParent(plan, s, slot < 0 ? -1 - slot : -1)) {
      return "";
    }
    try {
      return inRegionOf(items.parentOf(s, g));
    } catch (RuntimeException e) {
      // the parent record's own constructor refused its values: the failure stands without it
      return "";
    }
  }

  private static String item(PipelinePlan plan, Items items, int s, int slot) {
    return slot < 0 ? "signal " + plan.signalName(-1 - slot) : items.queued(s, slot);
  }

  /**
   * The failure of a run whose input holds a null item at {@code position} of the whole input (an
   * array of records, or one array of a stream of them). Every back end checks an input range for
   * nulls before it reads it, so the message and type are the same on each.
   */
  public static PipelineException nullInput(PipelinePlan plan, long position) {
    String what = "the input item at position " + position + " is null";
    return new PipelineException(plan.name, plan.stageName(0), null, what, new NullPointerException(what));
  }

  /**
   * The failure of a run whose source record's constructor threw {@code cause} for the row of
   * {@code runColumns}' arrays at {@code position} of the whole input. The CPU back ends build each
   * row with that constructor and the OpenCL host runs it before the rows go to the device, so the
   * message and type are the same on each.
   */
  public static PipelineException rowRefused(PipelinePlan plan, long position, String record, Throwable cause) {
    return new PipelineException(plan.name, plan.stageName(0), null, "the constructor of " + record
        + " refused the input row at position " + position + ": " + what(cause), cause);
  }

  /**
   * The failure of a run whose input iterator ({@code runChunks}) threw {@code cause} after giving
   * {@code itemsBefore} items; {@code cause} is kept as the cause, whatever its type.
   */
  public static PipelineException inputFailed(PipelinePlan plan, long itemsBefore, Throwable cause) {
    // the items of the arrays it handed over before, said as arrays: a bad item that a wrapping
    // iterator found while filling the next array names its own place in the cause, further on
    String when = itemsBefore == 0 ? "before giving its first array"
        : "after giving arrays of " + itemsBefore + (itemsBefore == 1 ? " item" : " items") + " in all";
    return new PipelineException(plan.name, plan.stageName(0), null, "the input iterator failed " + when + ": "
        + what(cause), cause);
  }

  /**
   * The failure of a CPU run whose heap filled so far that the instance it filled in could not even
   * name the node and item ({@code full} came out bare): named on the source, as the direct executor
   * names a full sink, once the run's instances and the items they held have been let go.
   */
  public static PipelineException heapFull(PipelinePlan plan, OutOfMemoryError full) {
    return new PipelineException(plan.name, plan.stageName(0), null, "the heap filled while the run held its items ("
        + full + "), too full to name the node at work; what the run held has been let go: give the JVM more heap"
        + " (-Xmx), or run the input in parts, each a run whose result is used before the next", full);
  }

  /**
   * What a run throws, on every back end, when the thread that called it is interrupted: it stops at
   * the next check (between firings or pieces of a chunk on the CPU, between launches on OpenCL),
   * returns no partial result and leaves the thread's interrupt flag set.
   */
  public static IllegalStateException interrupted(String pipeline) {
    return new IllegalStateException(pipeline + ": interrupted while running");
  }

  /** The most characters of an item's text that a failure's message quotes. */
  public static final int MAX_TEXT = 1000;

  /**
   * {@code value} as a failure's message quotes it: its {@code toString()}, cut to {@link #MAX_TEXT}
   * characters. User code runs here (a record's or a tag's {@code toString()}), and a failure report
   * must not fail in turn: a {@code toString()} that throws or returns null is said so, and the
   * report goes on with the original failure. Throwing includes a {@link LinkageError}: a record's
   * {@code toString()} is linked on its first call, which a full heap can make fail (and a class its
   * text needs may not load); an {@link OutOfMemoryError} itself goes on, for the run to report.
   */
  public static String text(Object value) {
    String s;
    try {
      s = String.valueOf(value);
    } catch (RuntimeException | StackOverflowError | LinkageError e) {
      return identity(value) + " (its toString() threw " + e.getClass().getName() + ")";
    }
    if (s == null) {
      return identity(value) + " (its toString() returned null)";
    }
    return s.length() <= MAX_TEXT ? s : s.substring(0, MAX_TEXT) + "... (" + s.length() + " characters)";
  }

  private static String identity(Object value) {
    return value.getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(value));
  }

  /**
   * A failure's cause as its message gives it: the class's simple name and the cause's message, if
   * any; a {@code getMessage()} that throws, or a message longer than {@link #MAX_TEXT}, as for {@link #text}.
   * A {@code PipelineException}'s message (another pipeline's run, failed inside node code) is in brackets.
   */
  public static String what(Throwable cause) {
    String message;
    try {
      message = cause.getMessage();
    } catch (RuntimeException | StackOverflowError | LinkageError e) {
      message = "(its getMessage() threw " + e.getClass().getName() + ")";
    }
    if (message != null && cause instanceof dev.sluice.runtime.PipelineException) {
      // another pipeline's run failed inside node code: its message in brackets, so that its clauses
      // ("this instance was reading ...") are told from the ones this run adds after it
      return cause.getClass().getSimpleName() + ": [" + text(message) + "]";
    }
    return cause.getClass().getSimpleName() + (message == null ? "" : ": " + text(message));
  }

  /** The message of a push of null through channel {@code channel}, of records, on the CPU back ends. */
  public static String pushedNull(String channel) {
    return "pushed null to channel '" + channel + "'";
  }

  /** The message of {@code Raise.raise(null)} on the CPU back ends. */
  public static String raisedNull() {
    return "raised a null signal";
  }

  /** The message of a run whose item raised more signals than the protocol allows. */
  public static String raisedTooMany() {
    return "raised more than MAX_SIGNALS_PER_VEC = " + Protocol.MAX_SIGNALS_PER_VEC + " signals for one item";
  }

  /** The message of an enumerator whose {@code count} is outside its region's limit. */
  public static String countOutOfRange(PipelinePlan plan, int s, int count) {
    return "count(parent) returned " + count + " elements; the region allows 0.."
        + plan.regionMaxElements(plan.heads(s)) + " (@Region(maxElements))";
  }

  /**
   * The drain check's failure for group {@code g}: null when it read its input, has no firing open and
   * every queue is empty; else what is left where.
   */
  public static String leftover(PipelinePlan plan, int[] code, int[] st, int g) {
    if (Scheduler.drained(code, st, g) == 1) {
      return null;
    }
    StringBuilder left = new StringBuilder();
    for (int s = 1; s < plan.stageCount(); s++) {
      String held = Scheduler.leftAt(code, st, g, s);
      if (!held.isEmpty()) {
        left.append(' ').append(plan.stageName(s)).append('{').append(held.strip()).append('}');
      }
    }
    return plan.name + ": instance " + g + " ended with work left (input read: "
        + Scheduler.exhausted(code, st, g) + ", queued:" + left + ")";
  }

  /**
   * The report's figures per stage from the counters summed over groups ({@link StateLayout#STATS}
   * per stage); the vector fill is the items of the runs over items divided by their lanes.
   */
  public static List<RunReport.StageStats> stages(PipelinePlan plan, long[] t) {
    List<RunReport.StageStats> stages = new ArrayList<>();
    for (int s = 0; s < plan.stageCount(); s++) {
      int at = s * STATS;
      long dataRuns = t[at + C_DATA_RUNS];
      double fill = dataRuns == 0 ? Double.NaN : (double) t[at + C_FILLED] / ((double) dataRuns * plan.width);
      stages.add(new RunReport.StageStats(plan.stageName(s), plan.kind(s).name(), t[at + C_CONSUMED],
          t[at + C_PUSHED], t[at + C_FIRINGS], t[at + C_RUNS], fill, t[at + C_SIGNALS], t[at + C_FLUSHES],
          t[at + C_BLOCKS]));
    }
    return stages;
  }
}
