package dev.sluice.runtime.protocol;

import static dev.sluice.runtime.protocol.PlanCode.P_STAGES;
import static dev.sluice.runtime.protocol.PlanCode.P_STATE;
import static dev.sluice.runtime.protocol.PlanCode.R_STATE_AT;

/**
 * Where the {@link Scheduler}'s state lies in its {@code int[]}: the one home of the layout. Both
 * back ends and the generated kernel find a word through the named functions here, never by their
 * own arithmetic.
 *
 * <p>Per group (one pipeline instance; the CPU back end has one group per instance, the kernel one
 * per work-group), {@link PlanCode#P_STATE} words from {@code g * P_STATE}: a header of
 * {@link #S_HEADER} words (the firing and the run decided); {@link #STAGE_WORDS} words per stage,
 * stage after stage (ACTIVE, flush status, queue head and count, signal queue head and count, BLOCKED, current
 * parent slot, the open parent of an enumerator, push counters for credit); one reserved base per
 * edge; each stage's signal ring (kind, credit, parent or payload slot); and per region its parent
 * buffer (reference counts, free slots, the free count, the waiting enumerator). Then the counters
 * ({@link #STATS} per stage, in {@code long[] stats}) and the error words ({@link #ERR_STRIDE} per
 * group, in {@code int[] err}).
 *
 * <p>The functions are in the subset Aparapi translates, like the scheduler's.
 */
public final class StateLayout {
  private StateLayout() {}

  // -- per-group state: a header --
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
  /**
   * The run decided by {@link Scheduler#next}: stage, first queue position (an input position for the source,
   * the first element for an enumerator), items, and the parent slot of the items' region.
   */
  public static final int S_STAGE = 7;
  public static final int S_OFFSET = 8;
  public static final int S_LIMIT = 9;
  public static final int S_PARENT = 10;
  /** Signals queued at the firing node when the firing started, and how many it has handled. */
  public static final int S_SIGS = 11;
  public static final int S_SIG_USED = 12;
  /** Credit left of the firing node's first unhandled signal. */
  public static final int S_CREDIT = 13;
  /** 1 when that signal is due and its handler has yet to run. */
  public static final int S_DUE = 14;
  /**
   * The handler the decided run executes (its signal kind is {@link #S_OFFSET}, its parent slot
   * {@link #S_PARENT}), or -1 for a run over items.
   */
  public static final int S_HANDLER = 15;
  public static final int S_HEADER = 16;

  // -- then STAGE_WORDS words per stage, stage after stage --
  public static final int W_ACTIVE = 0;
  public static final int W_FLUSH = 1;
  public static final int W_HEAD = 2;
  public static final int W_COUNT = 3;
  public static final int W_SIG_HEAD = 4;
  public static final int W_SIG_COUNT = 5;
  public static final int W_BLOCKED = 6;
  /** Parent slot of the items now reaching the stage (set when it handles BEGIN of its region). */
  public static final int W_PARENT = 7;
  /** An enumerator's open parent: slot (-1: none), element count, next element. */
  public static final int W_OPEN_SLOT = 8;
  public static final int W_OPEN_COUNT = 9;
  public static final int W_OPEN_NEXT = 10;
  /**
   * Items ever released from the stage's queue (with its count, the items ever pushed into it), and
   * the items ever pushed when the last signal was queued: the credit rule's counters. Counting
   * releases (once per firing) rather than pushes (once per item) keeps pushes to one word.
   */
  public static final int W_RELEASED = 11;
  public static final int W_PUSHED_AT_SIGNAL = 12;
  public static final int STAGE_WORDS = 13;
  // then one reserved base per edge; then the signal rings (kind, credit, slot per entry); then per
  // region its parent buffer: a reference count per slot, a stack of free slots, the free count and
  // the enumerator waiting for a slot
  public static final int RING_WORDS = 3;

  // -- per-stage counters, in this order --
  public static final int C_CONSUMED = 0;
  public static final int C_PUSHED = 1;
  public static final int C_FIRINGS = 2;
  public static final int C_RUNS = 3;
  public static final int C_FILLED = 4;
  public static final int C_FLUSHES = 5;
  public static final int C_SIGNALS = 6;
  public static final int C_BLOCKS = 7;
  public static final int C_OPENED = 8;
  /** Runs over items (source, enumerator elements, a node's items): the denominator of the vector fill. */
  public static final int C_DATA_RUNS = 9;
  /** Firings that ended with part of a pending signal's credit used and stored back. */
  public static final int C_CREDIT_STORES = 10;
  public static final int STATS = 11;

  // -- errors: ERR_STRIDE words a group, at these offsets --
  /** Nonzero once the group recorded an error: the first one is kept. */
  public static final int E_CLAIMED = 0;
  /** What went wrong: one of the {@code ERR_} codes below. */
  public static final int E_CODE = 1;
  public static final int E_STAGE = 2;
  /** The queue slot of the item (or, for a handler, {@code -1 - kind}, the signal). */
  public static final int E_SLOT = 3;
  /** The code's detail: a channel index, a count, an array index, a region. */
  public static final int E_DETAIL = 4;
  /** A second detail: an array's length. */
  public static final int E_DETAIL2 = 5;
  public static final int ERR_STRIDE = 6;
  /** A node pushed more than its channel's {@code @Max} for one item (detail: channel index). */
  public static final int ERR_MAX = 1;
  /** More firings than {@code maxSteps}. */
  public static final int ERR_STEPS = 2;
  /** {@code count(parent)} returned a count outside the region's limit (slot: the parent's, detail: count). */
  public static final int ERR_COUNT = 3;
  /** A signal queue overflowed (stage: the receiver). */
  public static final int ERR_SIGNALS = 4;
  /** A data queue overflowed (stage: the receiver, detail: items reserved). */
  public static final int ERR_OVERFLOW = 5;
  /** A parent slot was released more often than referenced (detail: the region). */
  public static final int ERR_RELEASE = 6;
  /** One item raised more than {@code Protocol.MAX_SIGNALS_PER_VEC} signals (slot: the item's). */
  public static final int ERR_RAISES = 7;
  /**
   * Node code indexed an array out of bounds (slot: the item's, or {@code -1 - kind} in a handler;
   * detail: the index; the word after it: the length). Java throws {@code ArrayIndexOutOfBoundsException}.
   */
  public static final int ERR_INDEX = 8;
  /** Node code divided an integer by zero (slot as for {@link #ERR_INDEX}). Java throws {@code ArithmeticException}. */
  public static final int ERR_DIVIDE = 9;


  /**
   * Index of stage {@code s}'s word {@code w} in the group whose state begins at {@code b}: a stage's
   * words lie together, so the index needs no table read (the JVM must reread the plan after every
   * store into the state, which is an {@code int[]} too).
   */
  static int word(int[] plan, int b, int w, int s) {
    return stageWords(b, s) + w;
  }

  /** Index of stage {@code s}'s first word in the group whose state begins at {@code b}. */
  static int stageWords(int b, int s) {
    return b + S_HEADER + s * STAGE_WORDS;
  }

  /**
   * A ring position {@code position} (less than twice {@code size}) brought into {@code [0, size)}:
   * a head plus at most a ring's worth of items. A compare, not a division.
   */
  static int wrap(int position, int size) {
    return position >= size ? position - size : position;
  }

  /**
   * Index of entry {@code i} of stage {@code s}'s signal ring (then its {@link #RING_WORDS} fields:
   * kind, credit, parent or payload slot), the rings beginning at {@code rings} (a group's base plus
   * {@link PlanCode#P_RING}) and holding {@code cap} ({@link PlanCode#P_SIG_CAP}) entries each; the
   * caller reads those two plan words once.
   */
  static int ringEntry(int rings, int cap, int s, int i) {
    return rings + (s * cap + i) * RING_WORDS;
  }

  /** Index of region {@code r}'s parent buffer. */
  static int region(int[] plan, int b, int r) {
    return b + plan[PlanCode.regionOf(plan, r) + R_STATE_AT];
  }

  /** Where group {@code g}'s state begins. */
  public static int base(int[] plan, int g) {
    return g * plan[P_STATE];
  }

  /** Index in {@code st} of header word {@code field} ({@code S_...}) of group {@code g}. */
  public static int header(int[] plan, int g, int field) {
    return g * plan[P_STATE] + field;
  }

  /** Index in {@code st} of the base reserved on edge {@code e} for the current run. */
  public static int edgeBase(int[] plan, int g, int e) {
    return g * plan[P_STATE] + S_HEADER + STAGE_WORDS * plan[P_STAGES] + e;
  }

  /** Index in {@code st} of stage {@code s}'s queue head (a position in its ring of items). */
  public static int headAt(int[] plan, int g, int s) {
    return word(plan, g * plan[P_STATE], W_HEAD, s);
  }

  /** Index in {@code st} of stage {@code s}'s queue count. */
  public static int countAt(int[] plan, int g, int s) {
    return word(plan, g * plan[P_STATE], W_COUNT, s);
  }


  /** Index in {@code stats} of counter {@code counter} ({@code C_...}) of stage {@code s} in group {@code g}. */
  public static int statAt(int[] plan, int g, int s, int counter) {
    return (g * plan[P_STAGES] + s) * STATS + counter;
  }
}
