package dev.sluice.runtime.protocol;

/**
 * The scheduling protocol's rules as integer predicates: the one place the CPU scheduler and the
 * device kernels take them from. Aparapi translates static methods like these into OpenCL, so they
 * stay in its subset: primitives only, every local declared once at the top of its block (it
 * mis-scopes a local declared in both branches of an if/else), and no {@code Math} calls (called from
 * a class other than the kernel, Aparapi emits {@code Math.min} as a function it may define after its
 * first use, which OpenCL rejects). Names follow the protocol text: a node fires only if ACTIVE, not
 * BLOCKED, and with no ACTIVE child; queues are FULL or EMPTY relative to one run's worth of work.
 */
public final class Protocol {
  private Protocol() {}

  /** Most signals a node emits while processing one run's worth of data. */
  public static final int MAX_SIGNALS_PER_VEC = 2;

  /** Most signals a node emits while processing one signal. */
  public static final int MAX_SIGNALS_PER_SIG = 1;

  /** Most signals one run (data, then at most one signal) can put on an edge. */
  public static final int MAX_SIGNALS_PER_RUN = MAX_SIGNALS_PER_VEC + MAX_SIGNALS_PER_SIG;

  /** Flush status of a node that is not flushing: higher than every region number. */
  public static final int NOT_FLUSHING = Integer.MAX_VALUE;

  /** The region number of the flush the source starts when its input ends: region 0. */
  public static final int END_OF_INPUT_FLUSH = 0;

  /**
   * A data queue is FULL when one of its producers could not write its worst-case output of one run.
   * Every producer run is followed by this test and a producer fires only with no ACTIVE child, so a
   * queue that is not FULL takes the next run of any producer.
   *
   * @param space free slots in the queue
   * @param queueMaxPerRun the most items one run of any single producer puts into the queue (with
   *     fan-in the largest over the producers, each summed over its edges into the queue)
   */
  public static boolean dataFull(int space, int queueMaxPerRun) {
    return space < queueMaxPerRun;
  }

  /** A signal queue is FULL when it could not take the most signals one run can emit. */
  public static boolean signalFull(int space) {
    return space < MAX_SIGNALS_PER_RUN;
  }

  /**
   * Whether a node passes a signal on before its handler runs, rather than after. BEGIN goes first:
   * what a BEGIN handler pushes is the new parent's data, which must reach each node downstream
   * behind BEGIN, as the parent's elements do. END and user signals go after, behind what their
   * handlers pushed (an END handler's last data, then END).
   */
  public static boolean passedOnBeforeHandler(boolean begin) {
    return begin;
  }

  /** A node is flushing iff its flush status is at most its own region number. */
  public static boolean flushing(int flushStatus, int region) {
    return flushStatus <= region;
  }

  /**
   * A data queue is EMPTY: with zero items when flushing, else with fewer than one run's inputs.
   */
  public static boolean dataEmpty(int count, int inputsPerRun, boolean flushing) {
    return flushing ? count == 0 : count < inputsPerRun;
  }

  /**
   * Items the next run may consume: bounded by the credit of a pending signal; otherwise, when not
   * flushing, rounded down to whole runs; never more than one run's inputs.
   */
  public static int runLimit(int remaining, int inputsPerRun, boolean signalPending, int credit,
      boolean flushing) {
    int limit = remaining;
    if (signalPending) {
      limit = remaining < credit ? remaining : credit;
    } else if (!flushing) {
      limit = remaining - remaining % inputsPerRun;
    }
    return limit < inputsPerRun ? limit : inputsPerRun;
  }

  /** A flush for region {@code flush} reaches a successor whose region number is at least it. */
  public static boolean flushReaches(int flush, int successorRegion) {
    return successorRegion >= flush;
  }

  /** A node that receives a flush keeps the lower of its status and the new one. */
  public static int mergeFlush(int status, int flush) {
    return status < flush ? status : flush;
  }

  /**
   * Payload slots a user-signal pool needs per origin stage and signal kind, so that a slot is reused
   * only after its signal left every queue: more than every signal queue of an instance holds at once
   * ({@code stages × signalQueue}), plus one item's raises. It counts on the signals of one pool
   * leaving the queues in the order they were raised, which holds for one kind from one origin (they
   * follow one path), not for two kinds handled at different depths: so a pool per kind.
   */
  public static long payloadSlotsPerOrigin(long stages, long signalQueue) {
    return stages * signalQueue + MAX_SIGNALS_PER_VEC;
  }

  /** The smaller of {@code a} and {@code b}: {@code Math.min}, which device code cannot call. */
  public static int atMost(int a, int b) {
    return a < b ? a : b;
  }
}
