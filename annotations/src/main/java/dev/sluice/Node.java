package dev.sluice;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class as a pipeline stage. A node class is {@code final}, not abstract, and has either
 *
 * <ul>
 *   <li>one method {@code void run(T item, ...)} that consumes one input item and pushes 0..{@link Max}
 *       items to each of its output channels (parameters of type {@link IntOut}, {@link LongOut},
 *       {@link FloatOut}, {@link DoubleOut} or {@link Out}), or
 *   <li>if it is annotated {@link Region}, one method {@code int count(P parent)} that says how many
 *       elements the parent has; the node then emits the element indices {@code 0..count-1} as
 *       {@code int} items.
 * </ul>
 *
 * <p>Fields are {@link Param} (read-only), {@link State} (per pipeline instance, written only in
 * signal handlers) or {@link Reduce} (combined across lanes and instances with one operator).
 */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Node {}
