package dev.sluice;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A method of a node that handles a signal. Handlers run single-threaded per pipeline instance, in
 * order with the data (every item before the signal has been processed, none after it), so they may
 * write {@link State} fields. A handler may push to output channels (each at most its {@link Max}).
 *
 * <ul>
 *   <li>{@code @SignalHandler(Signal.BEGIN) void begin(P parent, ...)}
 *   <li>{@code @SignalHandler(Signal.END) void end(P parent, ...)}
 *   <li>{@code @SignalHandler void reset(MyTag tag, ...)} for a user tag ({@link SignalTag})
 * </ul>
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface SignalHandler {
  /**
   * The signal handled.
   *
   * @return {@link Signal#BEGIN} or {@link Signal#END} of the region the node is in, or
   *     {@link Signal#USER} (the default) for the user tag that is the handler's first parameter
   */
  Signal value() default Signal.USER;
}
