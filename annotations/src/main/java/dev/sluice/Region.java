package dev.sluice;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Makes a node an enumerator that opens an enumeration region. The node declares
 * {@code int count(P parent)}; for each parent item it emits the element indices
 * {@code 0..count-1} downstream, bracketed by {@link Signal#BEGIN} and {@link Signal#END} signals
 * carrying the parent. Nodes downstream (until an {@link Aggregate} channel) are in the region and
 * may read the current parent with a {@link Parent} parameter.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Region {
  /**
   * Parents that may be open at once per pipeline instance. When the buffer is full the enumerator
   * flushes its region and waits until a parent's last terminal node has handled its END. At least 1.
   *
   * @return parents open at once, 64 by default
   */
  int parentBuffer() default 64;

  /**
   * The most elements a parent may have; a parent with more is a run-time error naming it. At least 1.
   *
   * @return elements per parent, no bound ({@code Integer.MAX_VALUE}) by default
   */
  int maxElements() default Integer.MAX_VALUE;
}
