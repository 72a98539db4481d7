package dev.sluice.runtime.cpu;

import dev.sluice.runtime.NodeObjects;
import dev.sluice.runtime.SourceStamps;
import dev.sluice.runtime.plan.PipelinePlan;
import dev.sluice.runtime.protocol.PlanCode;

/**
 * Shared by the instances of one run: the plan encoded for the scheduler (read-only), the step bound,
 * the stop flag set by a failing instance, and the thread that called the run (made on it), whose
 * interrupt stops the run too.
 */
public final class RunControl {
  final int[] code;
  final long maxSteps;
  private volatile boolean aborted;
  /** Node code on an instance's own thread interrupted that thread (restoring the flag, say). */
  private volatile boolean instanceInterrupted;
  /**
   * The thread that called {@code run}. An instance that runs on it (one instance, no progress
   * listener) has no join to be interrupted in, so the instances look at its interrupt flag.
   */
  private final Thread caller = Thread.currentThread();

  /** For a run of {@code plan} with at most {@code maxSteps} firings per instance and chunks of {@code chunkSize}. */
  public RunControl(PipelinePlan plan, long maxSteps, int chunkSize) {
    this.code = PlanCode.encode(plan, maxSteps, chunkSize);
    this.maxSteps = maxSteps;
  }

  /** For the direct executor, which has no scheduler and so no plan code: only the step bound and the stop flag. */
  public RunControl(long maxSteps) {
    this.code = null;
    this.maxSteps = maxSteps;
  }

  void abort() {
    aborted = true;
  }

  /** Per node class: the declarations' stamp beside its class file, read once (empty: none there). */
  private static final ClassValue<java.util.Optional<String>> DECLARED = new ClassValue<>() {
    @Override
    protected java.util.Optional<String> computeValue(Class<?> type) {
      return java.util.Optional.ofNullable(SourceStamps.declarationsOf(type));
    }
  };

  /** The node objects the factories gave this run's instances so far, by identity. */
  private final java.util.Set<Object> nodes = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

  /**
   * The object node {@code stage}'s factory gave one instance: not null, and not one it (or another
   * node's factory) gave another instance of this run, whose {@code @State} and {@code @Reduce}
   * would then be shared, and their results counted twice, nor one an earlier run had ({@link
   * NodeObjects}).
   */
  public synchronized <T> T node(T made, String stage) {
    return node(made, stage, null, null, false);
  }

  /**
   * {@link #node(Object, String, String, String, boolean)} for the classes an earlier processor
   * generated (a library jar of pipelines built before the stamps were refused when missing), which
   * call this one: a missing stamp is not checked, as then.
   *
   * @deprecated generated code calls the other
   */
  @Deprecated
  public synchronized <T> T node(T made, String stage, String pipeline, String declarations) {
    return node(made, stage, pipeline, declarations, false);
  }

  /**
   * {@link #node(Object, String)}, and {@code made}'s class was compiled from the declarations the
   * generated classes of {@code pipeline} were written from, whose stamp is {@code declarations}
   * ({@link SourceStamps#declarationsStale}); the class's stamp is read once. {@code stamped}: the
   * compilation that wrote those classes compiled the node and wrote its stamp, so the stamp must be
   * beside its class ({@link SourceStamps#declarationsMissing}); otherwise the node was read from a class
   * file, which may have none, and a node without one is not checked.
   */
  public synchronized <T> T node(T made, String stage, String pipeline, String declarations, boolean stamped) {
    // the messages name the pipeline by its interface's simple name, as a run's failures do
    String name = pipeline == null ? null : pipeline.substring(pipeline.lastIndexOf('.') + 1);
    if (made == null) {
      throw NodeObjects.returnedNull(name, stage);
    }
    if (declarations != null) {
      java.util.Optional<String> found = DECLARED.get(made.getClass());
      String missing = found.isEmpty() && stamped ? SourceStamps.declarationsMissing(pipeline, stage, made.getClass())
          : null;
      if (missing != null) {
        throw new IllegalStateException(missing);
      }
      String now = found.orElse(declarations);
      if (!SourceStamps.declarationsMatch(declarations, now)) {
        throw new IllegalStateException(SourceStamps.declarationsStale(pipeline, stage, made.getClass()));
      }
    }
    if (!nodes.add(made)) {
      throw new IllegalStateException(NodeObjects.factory(name, stage) + " returned an object it had given another"
          + " pipeline instance of this run; @State and @Reduce live in the node object, so a factory must return a"
          + " new one each time (() -> new " + made.getClass().getSimpleName() + "(...))");
    }
    // nor one an earlier run had, whose state this run would carry on from (OpenCL would not)
    return NodeObjects.made(made, name, stage);
  }

  /**
   * Whether the instances should stop: one failed (or the listener did), or the calling thread was
   * interrupted, or the instance's own thread was ({@link InstanceThreads} then throws {@link
   * dev.sluice.runtime.protocol.Failures#interrupted}).
   */
  public boolean aborted() {
    if (aborted || caller.isInterrupted()) {
      return true;
    }
    Thread self = Thread.currentThread();
    if (self != caller && self.isInterrupted()) {
      // node code interrupted its own thread: the run is interrupted as if on the caller's thread,
      // which the run then tells (InstanceThreads), so that the outcome does not depend on instances
      instanceInterrupted = true;
      return true;
    }
    return false;
  }

  /** Whether node code interrupted an instance's own thread during the run ({@link #aborted}). */
  boolean instanceInterrupted() {
    return instanceInterrupted;
  }

  /** Records that node code interrupted an instance's own thread after the instance last looked. */
  void instanceInterrupted(boolean seen) {
    instanceInterrupted |= seen;
  }
}
