package dev.sluice;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The most items an output channel receives per input item (or per handled signal). Pushing more is
 * a run-time error naming the node and the item. Without {@code @Max}, a channel takes at most one.
 * Queue sizes are computed from these numbers, so keep them tight. At least 1.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface Max {
  /**
   * The bound.
   *
   * @return the most items per input item or handled signal, at least 1
   */
  int value();
}
