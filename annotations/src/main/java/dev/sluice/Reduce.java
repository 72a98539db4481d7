package dev.sluice;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A reduction (OP2's INC): inside {@code run} it may only be updated with its operator
 * ({@code total += x} for {@link ReduceOp#SUM}, {@code m = Math.max(m, x)} for {@link ReduceOp#MAX},
 * ...), never read or assigned otherwise. It starts at the operator's identity in every run; the
 * combined value over all lanes and instances is in the run's result.
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.FIELD)
public @interface Reduce {
  /**
   * The operator.
   *
   * @return the only operator the field may be updated with in {@code run}
   */
  ReduceOp value();
}
