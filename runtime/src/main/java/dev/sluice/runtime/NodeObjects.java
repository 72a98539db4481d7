package dev.sluice.runtime;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.HashSet;
import java.util.Set;

/**
 * The rule every back end applies to what a node's factory returns: an object, and one no run has
 * had before.
 *
 * <p>{@code @State} and {@code @Reduce} live in the node object. On the CPU a run works in the object
 * itself, so an object given to a second run would carry the first run's state and sums into it;
 * the OpenCL kernel reads the object's values once and works on the device's copy, so the second run
 * would start afresh. Refusing the object on every back end keeps their results the same. (Two
 * instances of one run sharing an object is {@code RunControl}'s message, which comes first.)
 *
 * <p>The objects are remembered weakly, by identity: one a run no longer holds is forgotten once the
 * collector takes it, and a node class's own {@code equals} is never called.
 *
 * <p><b>Internal</b>, for the back ends and the generated code (public across their packages); not
 * an API, and it may change in any release.
 */
public final class NodeObjects {
  private NodeObjects() {}

  private static final ReferenceQueue<Object> COLLECTED = new ReferenceQueue<>();
  private static final Set<Given> GIVEN = new HashSet<>();

  /**
   * {@code made}, which the factory of node {@code stage} of {@code pipeline} (its interface's simple
   * name, or null) returned, if no run had it before.
   */
  public static <T> T made(T made, String pipeline, String stage) {
    if (made == null) {
      throw returnedNull(pipeline, stage);
    }
    if (!firstRun(made)) {
      throw new IllegalStateException(factory(pipeline, stage) + " returned an object it had given an"
          + " earlier run, or a run going on now; @State and @Reduce live in the node object, which the CPU back"
          + " ends carry from one run into the next and OpenCL reads afresh, so a factory must return a new one"
          + " each time (() -> new " + made.getClass().getSimpleName() + "(...))");
    }
    return made;
  }

  /** What a factory returning {@code null} for node {@code stage} of {@code pipeline} is told, on every back end. */
  public static NullPointerException returnedNull(String pipeline, String stage) {
    return new NullPointerException(factory(pipeline, stage) + " returned null");
  }

  /** How the messages name a node's factory: with the pipeline where it is known, as a run's failures do. */
  public static String factory(String pipeline, String stage) {
    return (pipeline == null ? "" : "pipeline " + pipeline + ": ") + "the factory of node '" + stage + "'";
  }

  /** Remembers {@code node}; false if it was remembered already. */
  private static synchronized boolean firstRun(Object node) {
    forgetCollected();
    return GIVEN.add(new Given(node));
  }

  /** How many objects are remembered now, the collected ones forgotten (for tests). */
  static synchronized int remembered() {
    forgetCollected();
    return GIVEN.size();
  }

  private static void forgetCollected() {
    for (Reference<?> r; (r = COLLECTED.poll()) != null; ) {
      GIVEN.remove(r);
    }
  }

  /** A node object, weakly, equal to another for the same object (and to itself once collected). */
  private static final class Given extends WeakReference<Object> {
    private final int hash;

    Given(Object node) {
      super(node, COLLECTED);
      this.hash = System.identityHashCode(node);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object o) {
      if (o == this) {
        return true;
      }
      Object mine = get();
      return mine != null && o instanceof Given && ((Given) o).get() == mine;
    }
  }
}
