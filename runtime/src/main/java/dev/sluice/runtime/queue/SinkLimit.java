package dev.sluice.runtime.queue;

/**
 * The most items one sink gives a run's result: a sink's items end up in one Java array (or list), so
 * at most the JVM's array limit. Every back end refuses a run past it with the same words, rather
 * than wrapping a count or failing inside the JVM.
 */
public final class SinkLimit {
  /** The most elements the JVM lets one array have. */
  public static final int MAX_ITEMS = Integer.MAX_VALUE - 8;

  private SinkLimit() {}

  /** Refuses {@code items} for sink {@code sink} past {@link #MAX_ITEMS}; returns it as an int otherwise. */
  public static int check(String sink, long items) {
    if (items > MAX_ITEMS) {
      throw new IllegalStateException(tooMany("sink '" + sink + "'", items));
    }
    return (int) items;
  }

  /** The refusal's words, for {@code what} (a named sink, or "a sink" where the name is not known). */
  static String tooMany(String what, long items) {
    return what + " gathered " + (items > MAX_ITEMS + 1L ? items + " items" : "more than " + MAX_ITEMS + " items")
        + ", more than one Java array holds (" + MAX_ITEMS + "): give the run less input at a time";
  }
}
