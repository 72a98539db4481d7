package dev.sluice.runtime.plan;

/** What a stage does when it fires. */
public enum StageKind {
  /** Reads claimed chunks of the input; head of region 0. */
  SOURCE,
  /** Runs the node's {@code run} on each input item. */
  TRANSFORM,
  /** Enumerates the elements of each parent item; head of its own region. */
  ENUMERATE
}
